import { z } from 'zod';
import { FEED_SORTS, type TFeedSort } from '@curio/shared';
import { DomainError } from '../domain-error.ts';

/**
 * The keyset position after the last item of a page: (sort key, created_at, id). created_at is
 * kept as PostgreSQL printed it, to the microsecond, because a JS Date would round it to the
 * millisecond and make the next page repeat or skip rows created within the same millisecond.
 * Count sorts freeze the count the client saw (ADR 0010).
 */
export interface FeedPosition {
  sort: TFeedSort;
  /** The count of a count sort; null for latest, whose key is created_at itself. */
  key: number | null;
  createdAt: string;
  id: string;
}

const EXACT_UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const ZEncodedPosition = z.object({
  v: z.literal(1),
  s: z.enum(FEED_SORTS),
  k: z.number().int().nonnegative().max(2_147_483_647).nullable(),
  t: z.string().regex(EXACT_UTC_TIMESTAMP),
  i: z.uuid(),
});

function isRealInstant(timestamp: string): boolean {
  const millis = `${timestamp.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}

export function encodeFeedCursor(position: FeedPosition): string {
  const payload = { v: 1, s: position.sort, k: position.key, t: position.createdAt, i: position.id };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** A cursor that is not one of ours, or belongs to another sort, is a validation failure, never a 500. */
export function decodeFeedCursor(cursor: string, sort: TFeedSort): FeedPosition {
  const invalid = () => new DomainError('VALIDATION_FAILED', { field: 'cursor' });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = ZEncodedPosition.safeParse(json);
  if (!parsed.success || parsed.data.s !== sort || !isRealInstant(parsed.data.t)) throw invalid();
  if ((sort === 'latest') !== (parsed.data.k === null)) throw invalid();
  return { sort, key: parsed.data.k, createdAt: parsed.data.t, id: parsed.data.i };
}
