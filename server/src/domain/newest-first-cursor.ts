import { DomainError } from './domain-error.ts';

/**
 * The keyset position after the last row of a newest-first page: its created_at as PostgreSQL
 * prints it at full (microsecond) precision, and its id to break ties. A JS Date would drop the
 * microseconds and repeat or skip rows written in the same millisecond.
 */
export interface NewestFirstPosition {
  createdAt: string;
  id: string;
}

export function encodeNewestFirstCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;

/** A cursor that is not one of ours is a validation failure, never a 500. */
export function decodeNewestFirstCursor(cursor: string): NewestFirstPosition {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new DomainError('VALIDATION_FAILED', { field: 'cursor' });
  return { createdAt: match[1]!, id: match[2]! };
}
