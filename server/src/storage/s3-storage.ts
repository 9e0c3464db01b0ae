import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { Storage, StoredObjectStream } from './storage.ts';
import { STORED_IMAGE_CONTENT_TYPE, assertStorageKey, assertStoredContentType } from './keys.ts';

/**
 * One object per key in one bucket of any S3-compatible store (ADR 0028), so every server
 * process and machine sees the same uploads. The key is the object's name as it is.
 */
export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly config: S3Config;
  private connection: Promise<{ sdk: typeof S3Sdk; client: S3Client }> | null = null;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.config = config;
  }

  /** The SDK holds about 34 MB once loaded: a server that keeps uploads on its disk never loads it. */
  private connect() {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        forcePathStyle: this.config.forcePathStyle,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        // without explicit keys the SDK finds its own (environment, instance role, ...)
        ...(this.config.credentials ? { credentials: this.config.credentials } : {}),
      }),
    }));
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    assertStoredContentType(contentType);
    const { sdk, client } = await this.connect();
    // a PUT is atomic: a reader sees the old object or the whole new one, never half
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const object = await this.stream(key);
    if (!object) return null;
    return { bytes: await buffer(object.stream), contentType: object.contentType };
  }

  async stream(key: string): Promise<StoredObjectStream | null> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    let object: GetObjectCommandOutput;
    try {
      object = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const body = object.Body;
    if (!(body instanceof Readable) || object.ContentLength === undefined) {
      if (body instanceof Readable) body.destroy();
      throw new Error(`the object store answered ${key} without a readable body and length`);
    }
    // the type put() allowed, not the bucket's metadata: an object written there by other means
    // is still served as an image under the sandboxing headers of GET /uploads
    return { stream: body, contentType: STORED_IMAGE_CONTENT_TYPE, size: object.ContentLength, etag: object.ETag ?? null };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    // S3 answers 204 for a key it does not have, which is what the interface asks
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async checkReady(): Promise<void> {
    const { sdk, client } = await this.connect();
    // a wrong bucket would otherwise look like every image missing (S3 answers 404 for both)
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** GET says NoSuchKey; HEAD has no body to say anything in, so only its status tells. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || status === 404;
}
