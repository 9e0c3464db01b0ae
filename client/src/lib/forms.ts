import { schemaResolver, type FormErrors } from '@mantine/form';
import { isAppErrorCode, typedNumber, zText, type AppErrorCode, type ZCreateWithdrawalInput } from '@curio/shared';
import i18n from '../i18n/index.ts';
import { appErrorOf } from './app-error.ts';

/** A zod schema a form validates with (the shared input schemas). */
export type FormSchema = Parameters<typeof schemaResolver>[0];

/** i18n keys for fields whose schema issues carry no specific app code (e.g. `email` -> "invalid e-mail"). */
export type FieldMessageKeys = Record<string, string>;

function translateIssue(field: string, message: unknown, fieldMessages: FieldMessageKeys): string {
  if (isAppErrorCode(message) && message !== 'VALIDATION_FAILED') return i18n.t(`errors:${message}`);
  const key = fieldMessages[field];
  return key ? i18n.t(key) : i18n.t('errors:VALIDATION_FAILED');
}

function translateErrors(errors: FormErrors, fieldMessages: FieldMessageKeys): FormErrors {
  const translated: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) translated[field] = translateIssue(field, message, fieldMessages);
  }
  return translated;
}

/**
 * Validates a Mantine form with the same shared zod schema the server uses
 * and shows translated messages: issue messages that are app codes become `errors:<CODE>`.
 */
export function translatedSchemaResolver(schema: FormSchema, fieldMessages: FieldMessageKeys = {}) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => translateErrors(resolve(values), fieldMessages);
}

/**
 * Puts the server's field-level codes of a failed call on the form's fields it knows.
 * Returns whether any field got a message, so the caller can skip a redundant toast.
 */
export function showServerFieldErrors(
  form: { setFieldError(path: string, error: string): void },
  error: unknown,
  knownFields: readonly string[],
  fieldMessages: FieldMessageKeys = {},
): boolean {
  const fields = appErrorOf(error).fields ?? {};
  let shown = false;
  for (const [field, code] of Object.entries(fields)) {
    if (!knownFields.includes(field)) continue;
    form.setFieldError(field, translateIssue(field, code, fieldMessages));
    shown = true;
  }
  return shown;
}

/** A field as a text input holds it: '' while empty, refused with "fill in all fields". */
export function filledInText() {
  return zText().trim().min(1, { error: 'FIELDS_REQUIRED' });
}

/** A money procedure's number schema for whole USDN (withdrawal and transfer have the same one). */
type WholeUsdnSchema = (typeof ZCreateWithdrawalInput)['shape']['amount'];

/**
 * A whole USDN amount of at least 1 (rules W-8 and W-13) as a number field holds it, checked once
 * typed by `amount`, the procedure's own number schema; `notPositive` is the code for 0 and below.
 */
export function wholeUsdnText(amount: WholeUsdnSchema, notPositive: AppErrorCode) {
  return filledInText()
    .transform(typedNumber)
    .pipe(amount.positive({ error: notPositive }).int({ error: 'AMOUNT_NOT_WHOLE' }));
}

/**
 * A form's validate: the schema's own messages, then the checks whose messages carry a number
 * (a configured minimum, the balance, a length), which a schema issue, an app code alone, cannot.
 * Each such check speaks only where the schema found its field well-formed.
 */
export function withLimits<Values>(resolve: (values: NoInfer<Values>) => FormErrors, limits: (values: Values) => Record<string, string | null>) {
  return (values: Values): FormErrors => {
    const errors = { ...resolve(values) };
    for (const [field, message] of Object.entries(limits(values))) {
      if (message && !errors[field]) errors[field] = message;
    }
    return errors;
  };
}

/** The characters of a comment or a review as the server counts them: by code point, without the spaces around. */
export function userTextLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Validates a form whose `content` is a comment or a review (rules S-16 and S-19): the procedure's
 * shared schema, then the server's text rules, required and at most `max` characters. The schema only
 * bounds the raw payload (the server measures the cleaned text), so those two are checked here, where
 * the message can say the limit.
 */
export function userTextResolver(schema: FormSchema, max: number) {
  const resolve = translatedSchemaResolver(schema);
  return (values: { content: string }): FormErrors => {
    const errors = resolve(values);
    if (errors.content) return errors;
    const length = userTextLength(values.content);
    if (length === 0) return { ...errors, content: i18n.t('errors:CONTENT_REQUIRED') };
    if (length > max) return { ...errors, content: i18n.t('errors:CONTENT_TOO_LONG', { max }) };
    return errors;
  };
}
