import { z } from 'zod';
import { DomainError } from '../domain-error.ts';

/**
 * Keyset position after the last item of a newest-first page: (created_at, id). Comments and
 * reviews are written with the service clock's millisecond instants, so a JS Date carries
 * created_at exactly; the id breaks ties between rows of the same millisecond.
 */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

const ZEncoded = z.object({ t: z.iso.datetime(), i: z.uuid() });

export function encodePageCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt.toISOString(), i: position.id }), 'utf8').toString('base64url');
}

/** A cursor that is not one of ours is a validation failure, never a 500. */
export function decodePageCursor(cursor: string | null | undefined): PagePosition | null {
  if (!cursor) return null;
  try {
    const parsed = ZEncoded.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return { createdAt: new Date(parsed.data.t), id: parsed.data.i };
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('VALIDATION_FAILED', { field: 'cursor' });
}
