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

/** The server's id of the failed request (server/src/observability/request-logging.ts), if it gave one. */
function requestIdOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const id = (error.data as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' ? id : null;
}

/**
 * A translated, user-facing message for any failed call. A failure no rule explains names its
 * request, so the member can quote it to support and support can find it in the logs.
 */
export function errorMessage(error: unknown): string {
  const { code, params } = appErrorOf(error);
  const message = i18n.t(`errors:${code}`, params ?? {});
  const requestId = code === 'OPERATION_FAILED' ? requestIdOf(error) : null;
  return requestId ? `${message} (${i18n.t('common:errorReference', { id: requestId })})` : message;
}
