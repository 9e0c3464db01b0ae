import { schemaResolver, type FormErrors } from '@mantine/form';
import { isAppErrorCode } from '@curio/shared';
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
