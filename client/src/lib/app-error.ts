import { TRPCClientError } from '@trpc/client';
import type { AppErrorData } from '@curio/shared';
import i18n from '../i18n/index.ts';

/** The app error a failed call carries (see server/src/trpc/error-formatter.ts). */
export function appErrorOf(error: unknown): AppErrorData {
  if (error instanceof TRPCClientError) {
    const data = (error.data as { appError?: AppErrorData } | undefined)?.appError;
    if (data) return data;
  }
  return { code: 'OPERATION_FAILED' };
}

/** A translated, user-facing message for any failed call. */
export function errorMessage(error: unknown): string {
  const { code, params } = appErrorOf(error);
  return i18n.t(`errors:${code}`, params ?? {});
}
