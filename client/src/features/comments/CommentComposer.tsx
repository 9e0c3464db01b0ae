import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMMENT_LIMITS } from '@curio/shared';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';

export interface CommentComposerProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  initialValue?: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Resolves true when the text was saved, so the box can empty itself. */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
}

/**
 * The text box of a comment, a reply or an edit: a live character counter and the contact
 * warning while typing (rule S-16), submit disabled while empty, too long or busy. The server
 * decides anyway; this only saves the member a round trip.
 */
export function CommentComposer({ label, placeholder, submitLabel, initialValue = '', busy, autoFocus, onSubmit, onCancel }: CommentComposerProps) {
  const { t } = useTranslation('comments');
  const [value, setValue] = useState(initialValue);
  const length = [...value.trim()].length;
  const tooLong = length > COMMENT_LIMITS.contentMax;

  const submit = async () => {
    if (length === 0 || tooLong || busy) return;
    if (await onSubmit(value)) setValue('');
  };

  return (
    <Stack gap={6}>
      <Textarea
        aria-label={label}
        placeholder={placeholder}
        autosize
        minRows={2}
        maxRows={8}
        radius="md"
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most comment boxes; Escape leaves a reply or an edit
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
        error={tooLong ? true : undefined}
      />
      <ContactWarning text={value} />
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
          <Button size="xs" radius="xl" loading={busy} disabled={length === 0 || tooLong} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
