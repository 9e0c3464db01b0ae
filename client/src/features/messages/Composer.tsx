import { ActionIcon, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useForm } from '@mantine/form';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, ZSendMessageInput, type TChatMessage } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import classes from './messages.module.css';

export interface ComposerProps {
  peerId: string;
  prefill: string;
  /** Sent with every message while the conversation is opened from an order. */
  orderId: string | null;
  /** Sent with the first message only: the listing card goes away once it is asked about. */
  listingId: string | null;
  disabled: boolean;
  onSent: (message: TChatMessage) => void;
  /** The server refused because of a block: the thread re-reads who blocked whom. */
  onBlocked: () => void;
}

const validateMessage = translatedSchemaResolver(ZSendMessageInput.pick({ content: true }));

/**
 * The message box (rules C-3 and C-4): the contact-detail warning while typing, Enter to send and
 * Shift+Enter for a new line, nothing sent when blank. Each message gets one clientId, kept
 * while the same text is retried after a failure, so a send that did reach the server is not
 * stored twice. A refused text (blank, too long) is said in a toast, not under the box, so the
 * send button stays level with a one-line box.
 */
export function Composer({ peerId, prefill, orderId, listingId, disabled, onSent, onBlocked }: ComposerProps) {
  const { t } = useTranslation('messages');
  const form = useForm({ initialValues: { content: prefill }, validate: validateMessage });
  const text = form.values.content;
  const attempt = useRef<{ text: string; clientId: string } | null>(null);
  const send = trpc.chat.send.useMutation();
  // the floating support button sits over the composer's right end on wide screens: make room
  // (phones lift the button above the thread's bottom bar instead: ChatThread)
  const settings = trpc.system.publicSettings.useQuery(undefined, { staleTime: 5 * 60_000 });

  const sendMessage = (typed: string) => {
    const content = typed.trim();
    if (attempt.current?.text !== content) attempt.current = { text: content, clientId: crypto.randomUUID() };
    send.mutate(
      { peerId, content, clientId: attempt.current.clientId, orderId, listingId },
      {
        onSuccess: (result) => {
          attempt.current = null;
          form.setFieldValue('content', '');
          onSent(result.message);
          if (result.filtered) notifications.show({ color: 'yellow', message: t('composer.filtered') });
        },
        onError: (error) => {
          const { code } = appErrorOf(error);
          notifications.show({ color: 'red', title: t('composer.sendFailed'), message: errorMessage(error) });
          if (code === 'CHAT_BLOCKED_BY_PEER' || code === 'CHAT_YOU_BLOCKED') onBlocked();
        },
      },
    );
  };

  const submit = () => {
    if (disabled || send.isPending) return;
    form.onSubmit(
      ({ content }) => sendMessage(content),
      (errors) => {
        if (errors.content) notifications.show({ color: 'yellow', message: errors.content });
        form.clearErrors();
      },
    )();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an IME candidate being confirmed with Enter is not a send
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Stack gap={6} className={classes.composer} data-support-button={settings.data?.customerServiceEnabled ? 'true' : 'false'}>
      <ContactWarning text={text} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={t('composer.label')}
          placeholder={disabled ? t('composer.disabled') : t('composer.placeholder')}
          value={text}
          onChange={(event) => form.setFieldValue('content', event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_LIMITS.messageMax}
          radius="lg"
          style={{ flex: 1 }}
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon
            size={36}
            radius="xl"
            aria-label={t('composer.send')}
            onClick={submit}
            loading={send.isPending}
            disabled={disabled || text.trim().length === 0}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {!disabled && (
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('composer.hint')}
        </Text>
      )}
    </Stack>
  );
}
