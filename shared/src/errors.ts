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
  // marketplace (listings, buying requests, offers, social)
  'CONTACT_INFO_DETECTED',
  'TAG_EMPTY',
  'TAG_TOO_LONG',
  'TAG_SYMBOLS_ONLY',
  'TAG_DUPLICATE',
  'TOO_MANY_TAGS',
  'TOO_MANY_IMAGES',
  'TITLE_REQUIRED',
  'DESCRIPTION_REQUIRED',
  'PRICE_INVALID',
  'QUANTITY_INVALID',
  'PUBLISH_POINTS_REQUIRED',
  'LISTING_NOT_FOUND',
  'LISTING_EDIT_FORBIDDEN',
  'CANNOT_REPORT_OWN',
  'REPORT_DETAIL_REQUIRED',
  'BUYING_REQUEST_NOT_FOUND',
  'EDIT_FORBIDDEN',
  'BUDGET_INVALID',
  'REQUEST_NOT_OPEN',
  'OFFER_PRICE_INVALID',
  'OFFER_BELOW_MIN_BUDGET',
  'OFFER_ABOVE_MAX_BUDGET',
  'OFFERS_FULL',
  'OFFER_ALREADY_ACTIVE',
  'CANNOT_OFFER_OWN_REQUEST',
  'OFFER_NOT_FOUND',
  'OFFER_NOT_ACTIVE',
  'NEGOTIATION_ROUNDS_EXCEEDED',
  'COUNTER_PRICE_UNCHANGED',
  'NOT_YOUR_TURN',
  'CANNOT_FOLLOW_SELF',
  'TITLE_TOO_LONG',
  'DESCRIPTION_TOO_LONG',
  'CATEGORY_REQUIRED',
  'UNIT_REQUIRED',
  'LISTING_IMAGE_MISSING',
  // orders and money (spec 2)
  'CANNOT_BUY_OWN',
  'LISTING_NOT_AVAILABLE',
  'OUT_OF_STOCK',
  'ORDER_NOT_FOUND',
  'ORDER_ACCESS_DENIED',
  'ORDER_STATUS_CHANGED',
  'DELIVERY_INFO_REQUIRED',
  'REFUND_REASON_REQUIRED',
  'COMPLAINT_REASON_REQUIRED',
  'COMPLAINT_NOT_ALLOWED',
  'REFUND_ALREADY_REQUESTED',
  'BUYER_BALANCE_INSUFFICIENT',
  'REVIEW_NOT_ALLOWED',
  'REVIEW_EXISTS',
  'REVIEW_NOT_FOUND',
  'RATING_REQUIRED',
  'CONTENT_REQUIRED',
  'CONTENT_TOO_LONG',
  'COMMENT_NOT_FOUND',
  'COMMENT_REPLY_DEPTH',
  'TIP_NOT_ALLOWED',
  'AMOUNT_NOT_WHOLE',
  'CODE_REQUIRED',
  'CODE_INVALID',
  'CODE_USED',
  'CODE_EXPIRED',
  'CODE_DISABLED',
  'DEPOSIT_ADDRESS_MISSING',
  'RECHARGE_BELOW_MINIMUM',
  'RECHARGE_PROOF_REQUIRED',
  'WITHDRAWAL_BELOW_MINIMUM',
  'SOLANA_ADDRESS_INVALID',
  'TRANSFER_RECIPIENT_NOT_FOUND',
  'TRANSFER_TO_SELF',
  'FIELDS_REQUIRED',
  'REQUEST_ALREADY_PROCESSED',
  'POINTS_REDEMPTION_MINIMUM',
  'ACCOUNT_REQUIRED',
  'ALREADY_CHECKED_IN',
  'TIME_ZONE_INVALID',
  // messaging
  'MESSAGE_EMPTY',
  'CHAT_BLOCKED_BY_PEER',
  'CHAT_SELLER_BLOCKED',
  'CHAT_YOU_BLOCKED',
  'CANNOT_MESSAGE_SELF',
  'CANNOT_BLOCK_SELF',
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
