/**
 * Stable application error codes (DESIGN decision 8). Each code is also the i18n key
 * `errors:<CODE>` on the client, so the catalogue and the translations stay in step
 * (a unit test checks every code has a message in all six languages).
 */
export const APP_ERROR_CODES = [
  // generic
  'VALIDATION_FAILED',
  'OPERATION_FAILED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'IDEMPOTENCY_CONFLICT',
  // session / access
  'LOGIN_REQUIRED',
  'ADMIN_REQUIRED',
  'USER_BANNED',
  'FORBIDDEN',
  // auth
  'INVALID_CREDENTIALS',
  'EMAIL_INVALID',
  'EMAIL_TAKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORDS_DO_NOT_MATCH',
  'INVITATION_CODE_INVALID',
  'RESET_COOLDOWN',
  'RESET_LINK_INVALID',
  'RESET_FAILED',
  'RESET_SEND_FAILED',
  'API_TOKEN_NOT_FOUND',
  // profile
  'USER_NOT_FOUND',
  'NICKNAME_REQUIRED',
  'UPDATE_FAILED',
  // money
  'INSUFFICIENT_BALANCE',
  'INSUFFICIENT_POINTS',
  'INVALID_AMOUNT',
  // customer service
  'NO_CUSTOMER_SERVICE',
  // uploads
  'UPLOAD_TOO_LARGE',
  'UPLOAD_NOT_AN_IMAGE',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Parameters interpolated into the translated message, e.g. { seconds: 42 } for RESET_COOLDOWN. */
export type AppErrorParams = Record<string, string | number>;

/** Shape carried in tRPC's error `data.appError` so the client can translate it. */
export interface AppErrorData {
  code: AppErrorCode;
  params?: AppErrorParams;
  /** Field-level issues for validation failures: path -> app code. */
  fields?: Record<string, AppErrorCode>;
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (APP_ERROR_CODES as readonly string[]).includes(value);
}
