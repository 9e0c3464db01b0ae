import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { constants, createReadStream, type Stats } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Storage, StoredObjectStream } from './storage.ts';
import { InvalidStorageKeyError, STORED_IMAGE_CONTENT_TYPE, assertStorageKey, assertStoredContentType } from './keys.ts';

/** Files under one directory, one file per key; the key's folders become directories. */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileFor(key);
    assertStoredContentType(contentType);
    await mkdir(path.dirname(file), { recursive: true });
    // write then rename, so a reader never sees half a file
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    try {
      return { bytes: await readFile(this.fileFor(key)), contentType: STORED_IMAGE_CONTENT_TYPE };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<StoredObjectStream | null> {
    const file = this.fileFor(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), contentType: STORED_IMAGE_CONTENT_TYPE, size: info.size, etag: statTag(info) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  async checkReady(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileFor(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  private fileFor(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    // the key pattern already excludes "..", this is the belt to its braces
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Weak and from size and mtime, as Express tags static files: it says the file was rewritten, not what it holds. */
function statTag(info: Stats): string {
  return `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
}
