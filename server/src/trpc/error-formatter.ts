import type { TRPCError } from '@trpc/server';
import type { DefaultErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { isAppErrorCode, type AppErrorCode, type AppErrorData } from '@curio/shared';
import { domainErrorOf } from './domain-errors.ts';
import { currentRequestId } from '../observability/request-logging.ts';
import { acceptedLanguage, errorMessageIn, refusalLanguage } from '../i18n/error-messages.ts';
import type { Context } from './context.ts';

/**
 * Turns any error into a shape safe for the browser: a stable app code,
 * translated by the client; never a stack, SQL text or driver message.
 */
export function toAppErrorData(error: TRPCError): AppErrorData {
  const refusal = domainErrorOf(error);
  if (refusal) return refusal.toData();
  const cause = error.cause;
  if (cause instanceof ZodError) {
    const fields: Record<string, AppErrorCode> = {};
    let first: AppErrorCode = 'VALIDATION_FAILED';
    for (const issue of cause.issues) {
      const code = isAppErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED';
      fields[issue.path.join('.') || '_'] = code;
      if (first === 'VALIDATION_FAILED') first = code;
    }
    return { code: first, fields };
  }
  switch (error.code) {
    case 'UNAUTHORIZED':
      return { code: 'LOGIN_REQUIRED' };
    case 'FORBIDDEN':
      return { code: 'FORBIDDEN' };
    case 'NOT_FOUND':
      return { code: 'NOT_FOUND' };
    case 'TOO_MANY_REQUESTS':
      return { code: 'RATE_LIMITED' };
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
    case 'UNPROCESSABLE_CONTENT':
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'METHOD_NOT_SUPPORTED':
      return { code: 'VALIDATION_FAILED' };
    default:
      return { code: 'OPERATION_FAILED' };
  }
}

/**
 * The response's error: `data.appError` keeps the code and parameters the client translates by,
 * and `message` is that translation in the caller's language, for scripts (ADR 0031). No context
 * (it failed to build) means no member and no header read: the default language.
 */
export function formatError({ shape, error, ctx }: { shape: DefaultErrorShape; error: TRPCError; ctx?: Context | undefined }) {
  const appError = toAppErrorData(error);
  const { stack: _stack, ...data } = shape.data;
  const preferred = ctx?.auth?.user.preferredLanguage ?? null;
  const language = refusalLanguage(preferred, preferred ? null : acceptedLanguage(ctx?.acceptLanguage));
  return {
    ...shape,
    message: errorMessageIn(language, appError.code, appError.params),
    // a member quotes it to support, who finds the request's log lines by it
    data: { ...data, appError, requestId: currentRequestId() },
  };
}
