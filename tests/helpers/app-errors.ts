import { expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { AppErrorData } from '@curio/shared';
import { DomainError } from '../../server/src/domain/domain-error.ts';
import { toAppErrorData } from '../../server/src/trpc/error-formatter.ts';
import { toTRPCError } from '../../server/src/trpc/domain-errors.ts';

/**
 * What a client would receive for a failed call: the app code and its params, whether a domain
 * rule (DomainError, raw from the domain or inside a procedure's TRPCError) or the input schema
 * refused it; null for anything else (a 500 in production).
 */
export function appErrorOf(error: unknown): AppErrorData | null {
  if (error instanceof DomainError) return error.toData();
  if (error instanceof TRPCError) {
    const data = toAppErrorData(error);
    return data.code === 'OPERATION_FAILED' && error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof DomainError) ? null : data;
  }
  return null;
}

export function appCodeOf(error: unknown): string | null {
  return appErrorOf(error)?.code ?? null;
}

export function appParamsOf(error: unknown): AppErrorData['params'] {
  return appErrorOf(error)?.params;
}

/** Awaits a call that must fail and returns what the client would read of it. */
export async function failure(call: Promise<unknown>): Promise<{ code: string | null; params: AppErrorData['params'] }> {
  try {
    await call;
  } catch (error) {
    const data = appErrorOf(error);
    return { code: data?.code ?? null, params: data?.params };
  }
  throw new Error('expected the call to fail');
}

/**
 * Awaits a call that must be refused with `code` (and, if given, parameters containing `params`);
 * a refusal must never surface as a 500. `error` is the response's TRPCError (for a domain call,
 * the one its refusal would become), so a test can check the HTTP status family as well.
 */
export async function expectAppError(
  call: Promise<unknown>,
  code: string,
  params?: Record<string, unknown>,
): Promise<{ error: TRPCError; data: AppErrorData }> {
  const outcome = await call.then(
    (value: unknown) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected ${code}, but the call succeeded with ${JSON.stringify(outcome.value)}`);
  const data = appErrorOf(outcome.error);
  expect(data?.code, String(outcome.error)).toBe(code);
  const error = outcome.error instanceof DomainError ? toTRPCError(outcome.error) : (outcome.error as TRPCError);
  expect(error.code).not.toBe('INTERNAL_SERVER_ERROR');
  if (params) expect(data?.params).toMatchObject(params);
  return { error, data: data! };
}
