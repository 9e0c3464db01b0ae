import type { Kysely } from 'kysely';
import type { AppErrorCode, AppErrorParams } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { DomainError } from '../domain-error.ts';

export interface OwnUploadsCheck {
  userId: string;
  /** The keys the request names (the schema already admits only server-named keys). */
  keys: readonly string[];
  /** Keys the edited item already holds: kept as they are, whoever uploaded them. */
  alreadyAttached?: readonly string[];
  /** What a refusal says, e.g. LISTING_IMAGE_MISSING for a listing. */
  error: AppErrorCode;
  params?: AppErrorParams;
}

/**
 * Every newly attached image must be the caller's own upload and still be stored (ADR 0021).
 * A key someone else uploaded is refused exactly like a key nobody uploaded, so a member
 * cannot learn whether a stranger's key exists.
 */
export async function assertOwnUploads(db: Kysely<Database>, storage: Storage, check: OwnUploadsCheck): Promise<void> {
  const kept = new Set(check.alreadyAttached ?? []);
  const fresh = [...new Set(check.keys)].filter((key) => !kept.has(key));
  if (fresh.length === 0) return;
  const owned = await db.selectFrom('uploads').select('key').where('key', 'in', fresh).where('uploader_id', '=', check.userId).execute();
  if (owned.length !== fresh.length) throw new DomainError(check.error, check.params);
  const present = await Promise.all(fresh.map((key) => storage.exists(key)));
  if (present.some((exists) => !exists)) throw new DomainError(check.error, check.params);
}

/** Records an upload as its uploader's, right after the file is stored. */
export async function recordUpload(db: Kysely<Database>, key: string, uploaderId: string): Promise<void> {
  await db.insertInto('uploads').values({ key, uploader_id: uploaderId }).execute();
}
