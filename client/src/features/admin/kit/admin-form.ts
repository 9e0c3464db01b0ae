import { showServerFieldErrors } from '../../../lib/forms.ts';

/**
 * The admin toasts of `useAdminMutationOptions`, except that a refusal naming one of the
 * form's fields is shown under that field instead.
 */
export function withFieldErrors<T extends { onError: (error: unknown) => void }>(
  options: T,
  form: { setFieldError(path: string, error: string): void },
  fields: readonly string[],
): T {
  return {
    ...options,
    onError: (error: unknown) => {
      if (!showServerFieldErrors(form, error, fields)) options.onError(error);
    },
  };
}
