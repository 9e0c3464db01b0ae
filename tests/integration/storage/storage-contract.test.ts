import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { startS3Server } from '../../helpers/s3-server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import type { Storage } from '../../../server/src/storage/storage.ts';
import { LocalDiskStorage } from '../../../server/src/storage/local-disk-storage.ts';
import { S3Storage } from '../../../server/src/storage/s3-storage.ts';
import { InvalidStorageKeyError, newUploadKey } from '../../../server/src/storage/keys.ts';

// no database here: each store gets a place of the file's own, removed afterwards

interface OpenStore {
  storage: Storage;
  close(): Promise<void>;
}

async function openDiskStore(): Promise<OpenStore & { root: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'curio-storage-'));
  return { root, storage: new LocalDiskStorage(path.join(root, 'uploads')), close: () => rm(root, { recursive: true, force: true }) };
}

async function openS3Store(): Promise<OpenStore> {
  const s3 = await startS3Server();
  // through the same config parsing a server uses
  return { storage: new S3Storage(loadConfig(s3.env).s3!), close: () => s3.close() };
}

const BAD_KEYS = [
  '../secret.webp',
  'listing/2026/02/../../../../secret.webp',
  '/etc/passwd',
  'listing/2026/13/0b8c3d5e-1111-4222-8333-944455556666.webp',
  'listing/2026/02/0b8c3d5e-1111-4222-8333-944455556666.svg',
  'other/2026/02/0b8c3d5e-1111-4222-8333-944455556666.webp',
  '',
];

/** What every Storage promises its callers (engineering rule E-11), whichever store it is. */
describe.for([
  ['local disk', openDiskStore],
  ['S3-compatible bucket', openS3Store],
] as const)('the %s store', ([, open]) => {
  let store: OpenStore | undefined;
  let storage: Storage;

  test.beforeAll(async () => {
    store = await open();
    storage = store.storage;
  });

  test.afterAll(async () => {
    await store?.close();
  });

  test('says it is ready when it can take files', async () => {
    await expect(storage.checkReady()).resolves.toBeUndefined();
  });

  test('put, get, stream, exists and delete round-trip one key', async () => {
    const key = newUploadKey('listing', new Date('2026-02-03T04:05:06Z'));
    expect(key).toMatch(/^listing\/2026\/02\/[0-9a-f-]{36}\.webp$/);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();

    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('webp bytes'), contentType: 'image/webp' });
    const streamed = await storage.stream(key);
    expect(streamed).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await text(streamed!.stream)).toBe('webp bytes');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // deleting what is not there is not an error
    await storage.delete(key);
  });

  test('a stored object keeps one tag until it is rewritten', async () => {
    const key = newUploadKey('avatar', new Date());
    await storage.put(key, Buffer.from('first'), 'image/webp');
    const first = await storage.stream(key);
    const again = await storage.stream(key);
    first!.stream.destroy();
    again!.stream.destroy();
    expect(first!.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(again!.etag).toBe(first!.etag);

    await storage.put(key, Buffer.from('second, longer'), 'image/webp');
    const rewritten = await storage.stream(key);
    expect(await text(rewritten!.stream)).toBe('second, longer');
    expect(rewritten!.etag).not.toBe(first!.etag);
    await storage.delete(key);
  });

  test('keys the server did not name are refused by every operation', async () => {
    for (const key of BAD_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stream(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  test('only WebP is stored: everything is re-encoded before it gets here', async () => {
    const key = newUploadKey('avatar', new Date());
    await expect(storage.put(key, Buffer.from('<svg/>'), 'image/svg+xml')).rejects.toThrow(/image\/webp/);
    expect(await storage.exists(key)).toBe(false);
  });
});

describe('the local disk store alone', () => {
  let store: Awaited<ReturnType<typeof openDiskStore>> | undefined;
  let root: string;
  let storage: Storage;

  test.beforeAll(async () => {
    store = await openDiskStore();
    ({ root, storage } = store);
  });

  test.afterAll(async () => {
    await store?.close();
  });

  test('a put leaves no temporary file beside the stored one', async () => {
    const key = newUploadKey('listing', new Date('2026-02-03T04:05:06Z'));
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await readdir(path.join(root, 'uploads', 'listing', '2026', '02'))).toEqual([key.split('/').pop()]);
  });

  test('a file beside the root stays out of reach: traversal keys neither read, overwrite nor delete it', async () => {
    const secret = path.join(root, 'secret.webp');
    await writeFile(secret, 'secret');
    for (const key of ['../secret.webp', 'listing/2026/02/../../../../secret.webp']) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('overwritten'), 'image/webp'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await readFile(secret, 'utf8')).toBe('secret');
  });
});
