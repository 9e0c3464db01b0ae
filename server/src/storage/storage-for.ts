import path from 'node:path';
import type { AppServices } from '../app-services.ts';
import type { Storage } from './storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

const instances = new WeakMap<AppServices, Storage>();

/**
 * The upload store of a running app (engineering rule E-11): the configured bucket, which every
 * process shares (ADR 0028), else `${DATA_DIR}/uploads` for one machine.
 */
export function storageFor(services: AppServices): Storage {
  let storage = instances.get(services);
  if (!storage) {
    const { s3, dataDir } = services.config;
    storage = s3 ? new S3Storage(s3) : new LocalDiskStorage(path.join(dataDir, 'uploads'));
    instances.set(services, storage);
  }
  return storage;
}
