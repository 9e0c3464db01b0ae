import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactTypesIn } from '@curio/shared';
import { useContactDetails } from './use-contact-details.ts';

export { useContactDetails } from './use-contact-details.ts';

function joinAsList(items: string[], language: string | undefined): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * Live inline warning under a text field (rule C-4): names the kinds of contact detail found
 * so the user can remove them before the server refuses the save. Renders nothing for clean text.
 */
export function ContactWarning({ text }: { text: string | null | undefined }) {
  const { t, i18n } = useTranslation('moderation');
  const matches = useContactDetails(text);
  if (matches.length === 0) return null;

  const kinds = contactTypesIn(matches).map((type) => t(`kinds.${type}`));
  return (
    <Alert
      role="status"
      aria-live="polite"
      variant="light"
      color="yellow"
      radius="md"
      p="xs"
      icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      data-testid="contact-warning"
    >
      <Text size="sm" fw={500}>
        {t('warning.found', { kinds: joinAsList(kinds, i18n.resolvedLanguage) })}
      </Text>
      <Text size="xs">{t('warning.hint')}</Text>
    </Alert>
  );
}
