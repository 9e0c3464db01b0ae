import type { TRPCError } from '@trpc/server';
import { domainErrorOf } from '../trpc/domain-errors.ts';
import { componentLogger } from '../observability/logger.ts';

const log = componentLogger('trpc');

/** Unexpected failures go to the server log with their stack; the client only sees a code and the request id. */
export function logProcedureError({ error, path }: { error: TRPCError; path?: string | undefined }): void {
  if (error.code === 'INTERNAL_SERVER_ERROR' && !domainErrorOf(error)) {
    log.error({ err: error.cause ?? error, procedure: path ?? '?' }, 'procedure failed');
  }
}
