import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { AppErrorCode, AppErrorData, AppErrorParams } from '@curio/shared';

/** Carried as the TRPCError's cause so the error formatter can hand a stable code to the client. */
export class AppErrorCause extends Error {
  constructor(readonly data: AppErrorData) {
    super(data.code);
    this.name = 'AppErrorCause';
  }
}

const DEFAULT_HTTP_CODE: Partial<Record<AppErrorCode, TRPC_ERROR_CODE_KEY>> = {
  LOGIN_REQUIRED: 'UNAUTHORIZED',
  USER_BANNED: 'FORBIDDEN',
  ADMIN_REQUIRED: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'NOT_FOUND',
  API_TOKEN_NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  RESET_COOLDOWN: 'TOO_MANY_REQUESTS',
  VERIFICATION_COOLDOWN: 'TOO_MANY_REQUESTS',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  REQUEST_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  IDEMPOTENCY_CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'CONFLICT',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  OPERATION_FAILED: 'INTERNAL_SERVER_ERROR',
};

/** A domain failure the user should see, translated on the client from its code. */
export function appError(
  code: AppErrorCode,
  params?: AppErrorParams,
  httpCode: TRPC_ERROR_CODE_KEY = DEFAULT_HTTP_CODE[code] ?? 'BAD_REQUEST',
): TRPCError {
  return new TRPCError({
    code: httpCode,
    message: code,
    cause: new AppErrorCause(params ? { code, params } : { code }),
  });
}

/** Whether `error` is the app error `code`, e.g. to turn EMAIL_TAKEN into another path. */
export function isAppError(error: unknown, code: AppErrorCode): boolean {
  return error instanceof TRPCError && error.cause instanceof AppErrorCause && error.cause.data.code === code;
}
