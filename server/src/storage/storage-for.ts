import path from 'node:path';
import type { AppServices } from '../app-services.ts';
import type { Storage } from './storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';

const instances = new WeakMap<AppServices, Storage>();

/** The upload store of a running app: `${DATA_DIR}/uploads` (engineering rule E-11). */
export function storageFor(services: AppServices): Storage {
  let storage = instances.get(services);
  if (!storage) {
    storage = new LocalDiskStorage(path.join(services.config.dataDir, 'uploads'));
    instances.set(services, storage);
  }
  return storage;
}
