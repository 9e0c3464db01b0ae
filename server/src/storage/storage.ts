import type { Readable } from 'node:stream';

export interface StoredObjectStream {
  stream: Readable;
  contentType: string;
  size: number;
  /** Changes whenever the stored bytes could have: lets GET /uploads answer 304 to a revalidating cache. */
  etag: string | null;
}

/**
 * Where uploaded files live (engineering rule E-11). Keys are named by the server
 * (see keys.ts); an implementation refuses any other key, so a caller cannot reach
 * outside the store whatever string it passes.
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  stream(key: string): Promise<StoredObjectStream | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws when the store cannot take uploads (a missing bucket, a folder that is not writable): /readyz asks. */
  checkReady(): Promise<void>;
}
