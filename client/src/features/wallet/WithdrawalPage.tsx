import { Alert, Button, Center, Divider, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import { useTabParam } from '../../lib/use-tab-param.ts';
import {
  formatCents,
  formatMoney,
  formatWalletAmount,
  isSolanaAddress,
  settingAmountToCents,
  typedNumber,
  withdrawalQuote,
  ZCreateWithdrawalInput,
  type TWithdrawalInfo,
} from '@curio/shared';
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
import { RecordRowHeader } from './RecordStatusBadge.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import classes from './wallet.module.css';

type WithdrawalTab = 'apply' | 'history';

function percentText(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}

/** /withdrawal (rules W-8 to W-11): apply for a USDN withdrawal as USDT on Solana, or read the history (?tab=history). */
export function WithdrawalPage() {
  const { t } = useTranslation('wallet');
  const [tab, changeTab] = useTabParam<WithdrawalTab>(['apply', 'history']);
  return (
    <MemberPage title={t('withdrawal.title')} subtitle={t('withdrawal.subtitle')}>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="apply">{t('withdrawal.tabs.apply')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('withdrawal.tabs.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="apply">
          <ApplyTab onDone={() => changeTab('history')} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <WithdrawalHistory />
        </Tabs.Panel>
      </Tabs>
    </MemberPage>
  );
}

function ApplyTab({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const info = trpc.wallet.withdrawalInfo.useQuery();
  return (
    <Stack gap="lg">
      <WalletBalanceCard />
      {info.error ? (
        <Alert color="red" variant="light">
          {t('usdt.configFailed')}
        </Alert>
      ) : !info.data ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      ) : (
        <>
          <Facts info={info.data} />
          <WithdrawalForm info={info.data} onDone={onDone} />
        </>
      )}
    </Stack>
  );
}

function Facts({ info }: { info: TWithdrawalInfo }) {
  const { t, i18n } = useTranslation('wallet');
  const facts = [
    [t('withdrawal.facts.minimum'), `${formatWalletAmount(settingAmountToCents(info.minUsdn))} USDN`],
    [t('withdrawal.facts.fee'), percentText(info.feeRate, i18n.language)],
    [t('withdrawal.facts.review'), t('withdrawal.facts.reviewValue')],
    [t('withdrawal.facts.network'), t('withdrawal.facts.networkValue')],
    [t('withdrawal.facts.rate'), t('withdrawal.facts.rateValue', { rate: info.usdtRate })],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {facts.map(([label, value], index) => (
        <Paper key={label} withBorder radius="md" p="sm" className={index === facts.length - 1 ? classes.lastFact : undefined}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The withdrawal as the form holds it: whole USDN typed as text, a Solana address (rules W-8 and W-9). */
const ZWithdrawalForm = ZCreateWithdrawalInput.pick({ address: true }).extend({
  amount: wholeUsdnText(ZCreateWithdrawalInput.shape.amount, 'INVALID_AMOUNT'),
  address: ZCreateWithdrawalInput.shape.address.trim().refine(isSolanaAddress, { error: 'SOLANA_ADDRESS_INVALID' }),
});
const WITHDRAWAL_FIELDS = ['amount', 'address'];
const validateWithdrawal = translatedSchemaResolver(ZWithdrawalForm);

function WithdrawalForm({ info, onDone }: { info: TWithdrawalInfo; onDone: () => void }) {
  const { t, i18n } = useTranslation(['wallet', 'errors', 'common']);
  const balances = useBalances();
  const available = balances.data?.usdnAvailableCents ?? 0;
  const minCents = settingAmountToCents(info.minUsdn);
  const idempotency = useIdempotencyKey('withdrawal');
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { amount: '', address: '' },
    validate: withLimits(validateWithdrawal, ({ amount }) => {
      const cents = typedNumber(amount) * 100;
      return {
        amount:
          cents < minCents ? t('errors:WITHDRAWAL_BELOW_MINIMUM', { min: formatWalletAmount(minCents) }) : cents > available ? t('wallet:overBalance') : null,
      };
    }),
    validateInputOnChange: ['amount'],
    validateInputOnBlur: ['address'],
    transformValues: (values) => ZWithdrawalForm.parse(values),
  });
  const create = trpc.wallet.createWithdrawal.useMutation({
    onSuccess: () => {
      idempotency.renew();
      form.reset();
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: t('withdrawal.submitted') });
      void utils.wallet.withdrawals.invalidate();
      void utils.wallet.balances.invalidate();
      onDone();
    },
    onError: (error) => {
      if (!showServerFieldErrors(form, error, WITHDRAWAL_FIELDS)) {
        notifications.show({ color: 'red', title: t('withdrawal.failed'), message: errorMessage(error) });
      }
    },
  });

  const quote = form.isValid('amount') ? withdrawalQuote(typedNumber(form.values.amount) * 100, info.feeRate, info.usdtRate) : null;
  const verified = useEmailVerified();
  const canSubmit = form.isValid() && !create.isPending && verified;
  // an unverified member reads why in the notice just above the button
  const submitReason = useSubmitReason(verified && !create.isPending && !form.isValid() ? t('common:submitReason.incomplete') : null);

  const submit = form.onSubmit(({ amount, address }) => create.mutate({ amount, address, idempotencyKey: idempotency.current() }));

  const wholeAvailable = Math.floor(available / 100);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberField
            label={t('withdrawal.amountLabel')}
            placeholder={t('withdrawal.amountPlaceholder', { min: formatWalletAmount(minCents) })}
            {...form.getInputProps('amount')}
            rightSectionWidth={64}
            rightSection={
              <Button variant="subtle" size="compact-xs" onClick={() => form.setFieldValue('amount', String(wholeAvailable))} disabled={wholeAvailable <= 0}>
                {t('withdrawal.all')}
              </Button>
            }
          />
          <TextInput
            label={t('withdrawal.addressLabel')}
            placeholder={t('withdrawal.addressPlaceholder')}
            {...form.getInputProps('address')}
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {quote && (
            <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="withdrawal-preview">
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('withdrawal.preview.held')}
                  </Text>
                  <Money size="sm" cents={quote.amountCents} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('withdrawal.preview.fee', { percent: percentText(info.feeRate, i18n.language) })}
                  </Text>
                  <Text size="sm">
                    −<Money cents={quote.feeCents} />
                  </Text>
                </Group>
                <Divider />
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {t('withdrawal.preview.receive')}
                  </Text>
                  <Text size="sm" fw={700} c="teal">
                    ≈ <Money cents={quote.usdtCents} unit="USDT" />
                  </Text>
                </Group>
              </Stack>
            </Paper>
          )}
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {t('withdrawal.holdNote')}
          </Alert>
          <VerifyFirstNotice />
          <Button type="submit" size="md" loading={create.isPending} disabled={!canSubmit} {...submitReason.describedBy}>
            {t('withdrawal.submit')}
          </Button>
          {submitReason.note}
        </Stack>
      </form>
    </Paper>
  );
}

function WithdrawalHistory() {
  const { t, i18n } = useTranslation('wallet');
  const list = trpc.wallet.withdrawals.useQuery();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <HistoryList
      query={list}
      empty={t('withdrawal.historyEmpty')}
      render={(row) => (
        <Stack gap={4}>
          <RecordRowHeader amount={formatMoney(row.usdnAmountCents)} time={dateTime.format(row.createdAt)} status={row.status} />
          <Text size="xs" c="dimmed">
            {t('withdrawal.feeLine', { amount: formatCents(row.feeCents) })} · {t('withdrawal.receive', { amount: formatCents(row.usdtAmountCents) })}
          </Text>
          <Text size="xs" c="dimmed" className={classes.hash}>
            {t('withdrawal.address')}: {row.address}
          </Text>
          {row.transactionHash && (
            <Text size="xs" className={classes.hash}>
              {t('withdrawal.hash')}: {row.transactionHash}
            </Text>
          )}
          {row.status === 'rejected' && row.rejectionReason && (
            <Text size="xs" c="red">
              {t('withdrawal.reason', { reason: row.rejectionReason })}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
