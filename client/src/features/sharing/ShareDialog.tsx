import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, e.g. "Share this listing", translated by the caller. */
  heading: string;
  /** What is being shared, shown under the heading. */
  title: string;
  url: string;
}

/** Share dialog (rule L-12): the page link with a copy button that says "copied" for 2 s. */
export function ShareDialog({ opened, onClose, heading, title, url }: ShareDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={heading} centered radius="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" lineClamp={2}>
          {title}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label={t('share.link')} value={url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url} timeout={LIMITS.copiedStateMs}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
                aria-live="polite"
              >
                {copied ? t('share.copied') : t('share.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
