import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('uploads');

/**
 * The keys among `keys` that some row still points at: a key one listing drops may still be an
 * order's snapshot, or (attached before ADR 0021 tied keys to their uploader) another item's
 * image. Those files must stay.
 */
async function stillReferenced(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  const list = sql`${[...keys]}::text[]`;
  const { rows } = await sql<{ key: string }>`
    SELECT k AS key FROM unnest(${list}) AS k
     WHERE EXISTS (SELECT 1 FROM listings WHERE images @> ARRAY[k])
        OR EXISTS (SELECT 1 FROM buying_requests WHERE images @> ARRAY[k])
        OR EXISTS (SELECT 1 FROM reviews WHERE images @> ARRAY[k])
        OR EXISTS (SELECT 1 FROM complaints WHERE evidence_images @> ARRAY[k])
        OR EXISTS (SELECT 1 FROM usdt_recharge_requests WHERE payment_proof @> ARRAY[k])
        OR EXISTS (SELECT 1 FROM orders WHERE image_key = k)
        OR EXISTS (SELECT 1 FROM profiles WHERE avatar_key = k)`.execute(db);
  return new Set(rows.map((row) => row.key));
}

/**
 * Removes files a committed change stopped referencing, unless anything else still uses them.
 * It runs after the commit, so a storage failure is logged rather than reported: an orphan file
 * costs disk space, a failed request after a commit would make the user retry a done action.
 */
export async function deleteUnreferencedUploads(db: Kysely<Database>, storage: Storage, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  let kept: Set<string>;
  try {
    kept = await stillReferenced(db, keys);
  } catch (error) {
    log.error({ err: error }, 'reference check failed, nothing removed');
    return;
  }
  await Promise.all(
    keys
      .filter((key) => !kept.has(key))
      .map(async (key) => {
        try {
          await storage.delete(key);
          await db.deleteFrom('uploads').where('key', '=', key).execute();
        } catch (error) {
          log.error({ err: error, key }, 'file not removed from storage');
        }
      }),
  );
}
