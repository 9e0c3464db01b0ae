import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { AppErrorCode } from '@curio/shared';
import { DomainError } from '../domain/domain-error.ts';

/** The HTTP status family of each refusal; every other code is a BAD_REQUEST (400). */
const TRPC_CODE: Partial<Record<AppErrorCode, TRPC_ERROR_CODE_KEY>> = {
  LOGIN_REQUIRED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  USER_BANNED: 'FORBIDDEN',
  ADMIN_REQUIRED: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  TOKEN_SCOPE_MISSING: 'FORBIDDEN',
  SESSION_REQUIRED: 'FORBIDDEN',
  ORDER_ACCESS_DENIED: 'FORBIDDEN',
  EDIT_FORBIDDEN: 'FORBIDDEN',
  LISTING_EDIT_FORBIDDEN: 'FORBIDDEN',
  REVIEW_NOT_ALLOWED: 'FORBIDDEN',
  TIP_NOT_ALLOWED: 'FORBIDDEN',
  CHAT_BLOCKED_BY_PEER: 'FORBIDDEN',
  CHAT_YOU_BLOCKED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'NOT_FOUND',
  API_TOKEN_NOT_FOUND: 'NOT_FOUND',
  LISTING_NOT_FOUND: 'NOT_FOUND',
  BUYING_REQUEST_NOT_FOUND: 'NOT_FOUND',
  OFFER_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  REVIEW_NOT_FOUND: 'NOT_FOUND',
  COMMENT_NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  RESET_COOLDOWN: 'TOO_MANY_REQUESTS',
  VERIFICATION_COOLDOWN: 'TOO_MANY_REQUESTS',
  REQUEST_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  IDEMPOTENCY_CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'CONFLICT',
  ALREADY_CHECKED_IN: 'CONFLICT',
  COMPLAINT_ALREADY_OPEN: 'CONFLICT',
  CODE_USED: 'CONFLICT',
  OFFERS_FULL: 'CONFLICT',
  OFFER_ALREADY_ACTIVE: 'CONFLICT',
  REQUEST_ALREADY_PROCESSED: 'CONFLICT',
  LAST_ADMIN: 'CONFLICT',
  REVIEW_EXISTS: 'CONFLICT',
  OPERATION_FAILED: 'INTERNAL_SERVER_ERROR',
};

/** The response a domain refusal becomes; the formatter hands `data.appError` to the client. */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.code] ?? 'BAD_REQUEST', message: error.code, cause: error });
}

/** The domain refusal inside a failed call, if any: thrown by the domain or wrapped by tRPC. */
export function domainErrorOf(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause;
  return null;
}
