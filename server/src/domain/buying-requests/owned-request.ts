import type { Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { lockRequest, type LockedRequest } from './status.ts';

/** Locks the request and refuses anyone but its owner with EDIT_FORBIDDEN (rules B-4, B-5 and B-8). */
export async function lockOwnedRequest(trx: Tx, requestId: string, userId: string): Promise<LockedRequest> {
  const request = await lockRequest(trx, requestId);
  if (request.user_id !== userId) throw new DomainError('EDIT_FORBIDDEN');
  return request;
}
