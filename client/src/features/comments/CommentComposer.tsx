import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { COMMENT_LIMITS, ZCreateCommentInput } from '@curio/shared';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, userTextLength, userTextResolver } from '../../lib/forms.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';

export interface CommentComposerProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  initialValue?: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Saves the text; the box empties when it resolves. */
  onSubmit: (content: string) => Promise<unknown>;
  /** The title of the toast when the server refuses the text. */
  failedTitle: string;
  onCancel?: () => void;
}

// a comment, a reply and an edit carry the same text
const validate = userTextResolver(ZCreateCommentInput.pick({ content: true }), COMMENT_LIMITS.contentMax);

/**
 * The text box of a comment, a reply or an edit: a live character counter and the contact
 * warning while typing (rule S-16), submit disabled while empty, too long or busy. The server
 * decides anyway; this only saves the member a round trip.
 */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  initialValue = '',
  busy,
  autoFocus,
  onSubmit,
  failedTitle,
  onCancel,
}: CommentComposerProps) {
  const { t } = useTranslation(['comments', 'errors']);
  const form = useForm({ initialValues: { content: initialValue }, validate });
  const length = userTextLength(form.values.content);
  const tooLong = length > COMMENT_LIMITS.contentMax;

  const submit = form.onSubmit(async ({ content }) => {
    if (busy) return;
    try {
      await onSubmit(content);
      form.reset();
    } catch (error) {
      if (!showServerFieldErrors(form, error, ['content'])) notifications.show({ color: 'red', title: failedTitle, message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          aria-label={label}
          placeholder={placeholder}
          autosize
          minRows={2}
          maxRows={8}
          radius="md"
          autoFocus={autoFocus}
          {...form.getInputProps('content')}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends, as in most comment boxes; Escape leaves a reply or an edit
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
          // too long turns the box red while typing; the message comes with a send
          error={form.errors.content ?? (tooLong || undefined)}
        />
        <ContactWarning text={form.values.content} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
            {t('counter', { count: length, max: COMMENT_LIMITS.contentMax })}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {onCancel && (
              <Button variant="subtle" color="gray" size="xs" radius="xl" onClick={onCancel}>
                {t('cancel')}
              </Button>
            )}
            <Button type="submit" size="xs" radius="xl" loading={busy} disabled={length === 0 || tooLong}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
