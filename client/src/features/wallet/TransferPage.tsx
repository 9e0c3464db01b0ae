import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDownLeft, IconArrowUpRight, IconCheck, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCents, TRANSFER_NOTES_MAX, typedNumber, ZTransferInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver, wholeUsdnText, withLimits } from '../../lib/forms.ts';
import { Money } from '../../components/Money.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { useEmailVerified, VerifyFirstNotice } from '../auth/VerifyFirstNotice.tsx';
import { MemberPage } from '../../components/MemberPage.tsx';
import { useBalances } from '../layout/use-live-counters.ts';
import { WalletBalanceCard } from './WalletBalanceCard.tsx';
import { HistoryList } from './HistoryList.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

/** /transfer (rules W-13 and W-14): send USDN to another member by e-mail, and the last 20 transfers. */
export function TransferPage() {
  const { t } = useTranslation('wallet');
  return (
    <MemberPage title={t('transfer.title')} subtitle={t('transfer.subtitle')}>
      <WalletBalanceCard />
      <TransferForm />
      <TransferHistory />
    </MemberPage>
  );
}

/** The transfer as the form holds it; 'fill in all fields' before anything is sent. */
const ZTransferForm = ZTransferInput.pick({ email: true, notes: true }).extend({
  email: ZTransferInput.shape.email.trim().min(1, { error: 'FIELDS_REQUIRED' }),
  amount: wholeUsdnText(ZTransferInput.shape.amount.unwrap(), 'VALIDATION_FAILED'),
});
const TRANSFER_FIELDS = ['email', 'amount', 'notes'];
const TRANSFER_FIELD_MESSAGES = { amount: 'wallet:transfer.amountInvalid' };
const validateTransfer = translatedSchemaResolver(ZTransferForm, TRANSFER_FIELD_MESSAGES);

function TransferForm() {
  const { t } = useTranslation(['wallet', 'errors']);
  const balances = useBalances();
  const available = balances.data?.usdnAvailableCents ?? 0;
  const idempotency = useIdempotencyKey('transfer');
  const utils = trpc.useUtils();
  const verified = useEmailVerified();
  const form = useForm({
    initialValues: { email: '', amount: '', notes: '' },
    validate: withLimits(validateTransfer, ({ amount }) => ({ amount: typedNumber(amount) * 100 > available ? t('overBalance') : null })),
    validateInputOnChange: ['amount'],
    transformValues: (values) => ZTransferForm.parse(values),
  });
  const send = trpc.wallet.transfer.useMutation({
    onSuccess: (result, input) => {
      idempotency.renew();
      form.reset();
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        message: t('transfer.submitted', { amount: formatCents(result.amountCents), email: input.email.trim() }),
      });
      void utils.wallet.transfers.invalidate();
      void utils.wallet.balances.invalidate();
    },
    onError: (error) => {
      if (!showServerFieldErrors(form, error, TRANSFER_FIELDS, TRANSFER_FIELD_MESSAGES)) {
        notifications.show({ color: 'red', title: t('transfer.failed'), message: errorMessage(error) });
      }
    },
  });

  const submit = form.onSubmit(({ email, amount, notes }) =>
    send.mutate({ email, amount, notes: notes?.trim() || undefined, idempotencyKey: idempotency.current() }),
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('transfer.emailLabel')}
            placeholder="name@example.com"
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
            required
          />
          <NumberField label={t('transfer.amountLabel')} placeholder="1" {...form.getInputProps('amount')} required unit="USDN" />
          <Textarea
            label={t('transfer.notesLabel')}
            {...form.getInputProps('notes')}
            maxLength={TRANSFER_NOTES_MAX}
            autosize
            minRows={2}
            description={`${form.values.notes.length}/${TRANSFER_NOTES_MAX}`}
          />
          <Alert variant="light" color="teal" icon={<IconGift size={18} />}>
            {t('transfer.feeFree')}
          </Alert>
          <VerifyFirstNotice />
          <Button type="submit" size="md" loading={send.isPending} disabled={!verified}>
            {t('transfer.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function TransferHistory() {
  const { t, i18n } = useTranslation('wallet');
  const list = trpc.wallet.transfers.useQuery();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('transfer.historyTitle')}
      </Title>
      <HistoryList
        query={list}
        empty={t('transfer.historyEmpty')}
        render={(row) => {
          const sent = row.direction === 'sent';
          return (
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                <ThemeIcon variant="light" color={sent ? 'orange' : 'teal'} radius="xl" size={32} style={{ flexShrink: 0 }}>
                  {sent ? <IconArrowUpRight size={18} aria-label={t('transfer.sent')} /> : <IconArrowDownLeft size={18} aria-label={t('transfer.received')} />}
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {sent ? t('transfer.sentTo', { name: row.counterparty }) : t('transfer.receivedFrom', { name: row.counterparty })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dateTime.format(row.createdAt)}
                  </Text>
                  {row.notes && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {row.notes}
                    </Text>
                  )}
                </Stack>
              </Group>
              <Text fw={600} c={sent ? undefined : 'teal'} style={{ flexShrink: 0 }}>
                {sent ? '−' : '+'}
                <Money cents={row.amountCents} />
              </Text>
            </Group>
          );
        }}
      />
    </Stack>
  );
}
