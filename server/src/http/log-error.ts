import type { TRPCError } from '@trpc/server';
import { domainErrorOf } from '../trpc/domain-errors.ts';

/** Unexpected failures go to the server log with their stack; the client only sees a code. */
export function logProcedureError({ error, path }: { error: TRPCError; path?: string | undefined }): void {
  if (error.code === 'INTERNAL_SERVER_ERROR' && !domainErrorOf(error)) {
    console.error(`[trpc] ${path ?? '?'} failed:`, error.cause ?? error);
  }
}
