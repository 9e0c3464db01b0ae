import type { AppErrorCode, AppErrorData, AppErrorParams } from '@curio/shared';

/**
 * A rule of the marketplace refused the action: a stable code (translated on the client) and
 * the parameters its message needs. Transport-free: the domain never knows whether tRPC, a job,
 * a script or the seed called it; `trpc/domain-errors.ts` turns it into a response.
 */
export class DomainError extends Error {
  readonly code: AppErrorCode;
  readonly params: AppErrorParams | undefined;

  constructor(code: AppErrorCode, params?: AppErrorParams) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }

  /** What a client receives as `data.appError`. */
  toData(): AppErrorData {
    return this.params ? { code: this.code, params: this.params } : { code: this.code };
  }
}

/** Whether `error` is the domain refusal `code`, e.g. to turn EMAIL_TAKEN into another path. */
export function isDomainError(error: unknown, code?: AppErrorCode): error is DomainError {
  return error instanceof DomainError && (code === undefined || error.code === code);
}
