import { useCallback, useState } from 'react';
import { ActionIcon, Alert, Anchor, Box, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import {
  formatCents,
  formatMoney,
  formatWalletAmount,
  hasSubCentDigits,
  LIMITS,
  parseUsdnToCents,
  usdtRechargeCreditCents,
  ZCreateUsdtRechargeInput,
  type TDepositInfo,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { filledInText, showServerFieldErrors, translatedSchemaResolver, withLimits } from '../../lib/forms.ts';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import { ProofPicker } from './ProofPicker.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { HistoryList } from './HistoryList.tsx';
import { RecordRowHeader } from './RecordStatusBadge.tsx';
import classes from './wallet.module.css';

const RECHARGE_FIELDS = ['transactionHash'];
const RECHARGE_FIELD_MESSAGES = { transactionHash: 'wallet:usdt.hashInvalid' };

/**
 * The top-up as the form holds it: the amount typed in USDT in steps of 0.01 (rule W-6; a third
 * decimal is refused by name, not rounded), and a hash or proof images.
 */
const ZRechargeForm = ZCreateUsdtRechargeInput.pick({ transactionHash: true, proofImages: true })
  .extend({
    amount: filledInText()
      .refine((text) => !hasSubCentDigits(text), { error: 'AMOUNT_TOO_MANY_DECIMALS', abort: true })
      .transform(parseUsdnToCents)
      .pipe(ZCreateUsdtRechargeInput.shape.amountCents),
  })
  .refine(({ transactionHash, proofImages }) => transactionHash !== undefined || proofImages.length > 0, {
    error: 'RECHARGE_PROOF_REQUIRED',
    path: ['proofImages'],
  });
const validateRecharge = translatedSchemaResolver(ZRechargeForm, RECHARGE_FIELD_MESSAGES);

/** The USDT tab of /recharge (rule W-6). */
export function UsdtTab() {
  const { t } = useTranslation('wallet');
  const info = trpc.wallet.depositInfo.useQuery();
  return (
    <Stack gap="lg">
      {info.error ? (
        <Alert color="red" variant="light">
          {t('usdt.configFailed')}
        </Alert>
      ) : (
        <>
          <DepositAddress info={info.data} />
          {info.data && <RechargeForm info={info.data} />}
        </>
      )}
      <RechargeHistory />
    </Stack>
  );
}

function DepositAddress({ info }: { info: TDepositInfo | undefined }) {
  const { t } = useTranslation(['wallet', 'errors']);
  if (!info) return null;
  if (info.address === null) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('errors:DEPOSIT_ADDRESS_MISSING')}
      </Alert>
    );
  }
  const address = info.address;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box className={classes.qr}>
          <QRCodeSVG value={address} size={132} title={t('usdt.qrAlt')} />
        </Box>
        <Stack gap="xs" style={{ flex: '1 1 240px' }} miw={0}>
          <Text size="sm" fw={600}>
            {t('usdt.addressLabel')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text className={classes.address} data-testid="deposit-address">
              {address}
            </Text>
            <CopyButton value={address} timeout={LIMITS.copiedStateMs}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('usdt.copied') : t('usdt.copy')} withArrow>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : 'gray'}
                    onClick={() => {
                      copy();
                      notifications.show({ color: 'teal', message: t('usdt.addressCopied') });
                    }}
                    aria-label={copied ? t('usdt.copied') : t('usdt.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="orange">
            {t('usdt.warning')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('usdt.review')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function RechargeForm({ info }: { info: TDepositInfo }) {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const idempotency = useIdempotencyKey('usdt');
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { amount: '', transactionHash: '', proofImages: [] as string[] },
    // the configured minimum is checked once the amount is a valid number (rule W-6)
    validate: withLimits(validateRecharge, ({ amount }) => ({
      amount: (parseUsdnToCents(amount) ?? 0) < info.minUsdtCents ? t('errors:RECHARGE_BELOW_MINIMUM', { min: formatWalletAmount(info.minUsdtCents) }) : null,
    })),
    validateInputOnChange: ['amount', 'transactionHash'],
    transformValues: (values) => ZRechargeForm.parse(values),
  });
  const create = trpc.wallet.createUsdtRecharge.useMutation({
    onSuccess: () => {
      idempotency.renew();
      form.reset();
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: t('usdt.submitted') });
      void utils.wallet.usdtRecharges.invalidate();
    },
    onError: (error) => {
      if (!showServerFieldErrors(form, error, RECHARGE_FIELDS, RECHARGE_FIELD_MESSAGES)) {
        notifications.show({ color: 'red', title: t('usdt.failed'), message: errorMessage(error) });
      }
    },
  });

  const cents = form.isValid('amount') ? parseUsdnToCents(form.values.amount) : null;
  const hasProof = form.values.transactionHash.trim() !== '' || form.values.proofImages.length > 0;
  const busy = create.isPending || uploading;
  const canSubmit = !busy && form.isValid() && info.address !== null;
  // a missing proof is said just above the button already
  const submitReason = useSubmitReason(
    create.isPending ? null : uploading ? t('common:submitReason.uploading') : !form.isValid() && hasProof ? t('common:submitReason.incomplete') : null,
  );

  const submit = form.onSubmit(({ amount, transactionHash, proofImages }) =>
    create.mutate({ amountCents: amount, transactionHash, proofImages, idempotencyKey: idempotency.current() }),
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberField
            label={t('usdt.amountLabel')}
            description={t('usdt.amountHint', { min: formatWalletAmount(info.minUsdtCents) })}
            placeholder={formatWalletAmount(info.minUsdtCents)}
            decimal
            {...form.getInputProps('amount')}
            unit="USDT"
            data-testid="usdt-amount"
          />
          {cents !== null && (
            <Text size="sm" c="teal" data-testid="usdt-equivalent">
              {t('usdt.equivalent', { amount: formatCents(usdtRechargeCreditCents(cents, info.rate)) })}{' '}
              <Text span size="xs" c="dimmed">
                {t('usdt.rateNote', { rate: info.rate })}
              </Text>
            </Text>
          )}
          <TextInput
            label={t('usdt.hashLabel')}
            placeholder={t('usdt.hashPlaceholder')}
            {...form.getInputProps('transactionHash')}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <ProofPicker
            value={form.values.proofImages}
            onChange={(keys) => form.setFieldValue('proofImages', keys)}
            disabled={create.isPending}
            onBusyChange={onBusyChange}
          />
          {!hasProof && (
            <Text size="xs" c="dimmed">
              {t('errors:RECHARGE_PROOF_REQUIRED')}
            </Text>
          )}
          <Button type="submit" size="md" loading={create.isPending} disabled={!canSubmit} {...submitReason.describedBy}>
            {t('usdt.submit')}
          </Button>
          {submitReason.note}
        </Stack>
      </form>
    </Paper>
  );
}

function RechargeHistory() {
  const { t, i18n } = useTranslation('wallet');
  const list = trpc.wallet.usdtRecharges.useQuery();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('usdt.historyTitle')}
      </Title>
      <HistoryList
        query={list}
        empty={t('usdt.historyEmpty')}
        render={(row) => (
          <Stack gap={4}>
            <RecordRowHeader amount={formatMoney(row.usdtAmountCents, 'USDT')} time={dateTime.format(row.createdAt)} status={row.status} />
            {row.transactionHash && (
              <Text size="xs" c="dimmed" className={classes.hash} lineClamp={1}>
                {row.transactionHash}
              </Text>
            )}
            {row.creditedCents !== null && row.status !== 'rejected' && (
              <Text size="xs" c="teal">
                {t('usdt.credited', { amount: formatCents(row.creditedCents) })}
              </Text>
            )}
            {row.status === 'rejected' && row.rejectionReason && (
              <Text size="xs" c="red">
                {t('usdt.rejectedReason', { reason: row.rejectionReason })}
              </Text>
            )}
            {row.proofUrls.length > 0 && (
              <Group gap={6}>
                {row.proofUrls.map((url, index) => (
                  <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="xs">
                    {t('usdt.proofAlt', { number: index + 1 })}
                  </Anchor>
                ))}
              </Group>
            )}
          </Stack>
        )}
      />
    </Stack>
  );
}
