import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { expect, test } from '../../helpers/fixtures.ts';
import { LocalDiskStorage } from '../../../server/src/storage/local-disk-storage.ts';
import { InvalidStorageKeyError, newUploadKey } from '../../../server/src/storage/keys.ts';

let root: string;
let storage: LocalDiskStorage;

// no database here: a storage root of the file's own, removed afterwards
test.beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'curio-storage-'));
  storage = new LocalDiskStorage(path.join(root, 'uploads'));
});

test.afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
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
  expect(streamed?.size).toBe(10);
  expect(await text(streamed!.stream)).toBe('webp bytes');
  // no temporary files are left next to the stored one
  expect(await readdir(path.join(root, 'uploads', 'listing', '2026', '02'))).toEqual([key.split('/').pop()]);

  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  await storage.delete(key);
});

test('keys the server did not name are refused by every operation, so nothing outside the root is reachable', async () => {
  await writeFile(path.join(root, 'secret.webp'), 'secret');
  const badKeys = [
    '../secret.webp',
    'listing/2026/02/../../../../secret.webp',
    '/etc/passwd',
    'listing/2026/13/0b8c3d5e-1111-4222-8333-944455556666.webp',
    'listing/2026/02/0b8c3d5e-1111-4222-8333-944455556666.svg',
    'other/2026/02/0b8c3d5e-1111-4222-8333-944455556666.webp',
    '',
  ];
  for (const key of badKeys) {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
  }
});

test('only WebP is stored: everything is re-encoded before it gets here', async () => {
  const key = newUploadKey('avatar', new Date());
  await expect(storage.put(key, Buffer.from('<svg/>'), 'image/svg+xml')).rejects.toThrow(/image\/webp/);
  expect(await storage.exists(key)).toBe(false);
});
