import { useState } from 'react';
import { Chip, Group, Input, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../components/DialogActions.tsx';
import { formatCents, TIP_LIMITS, typedNumber, ZSendTipInput, ZTipAmount, zTypedNumber, type TTipCurrency } from '@curio/shared';
import { NumberField } from '../../components/NumberField.tsx';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { useBalances } from '../layout/use-live-counters.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import { useEmailVerified, VerifyFirstNotice } from '../auth/VerifyFirstNotice.tsx';
import { useIdempotencyKey } from '../wallet/use-idempotency-key.ts';

interface TipDialogProps {
  orderId: string;
  sellerNickname: string;
  opened: boolean;
  onClose: () => void;
}

const TIP_FIELDS = ['amount', 'message'];

/** The defaults of rule AD-27, shown until the settings arrive. */
const DEFAULT_PRESETS: Record<TTipCurrency, number[]> = { usdn: [1, 2, 5, 10, 20, 100], points: [1, 5, 10, 20, 50, 100] };

/**
 * Tip the seller of a completed order (rule O-18): a preset chip or a custom
 * whole amount of at least 1, USDN or Curio points, the chosen balance beside it, an optional
 * message of up to 200 characters. The server moves the money and enforces every rule; the
 * balance check here only keeps the member from sending a tip that must fail.
 */
export function TipDialog({ orderId, sellerNickname, opened, onClose }: TipDialogProps) {
  const { t } = useTranslation('tips');
  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} centered radius="lg">
      {/* mounted only while open, so each opening starts with an empty form and a fresh key */}
      {opened && <TipForm orderId={orderId} sellerNickname={sellerNickname} onDone={onClose} />}
    </Modal>
  );
}

// the amount as typed: 0, 1.5 or -3 stay in the field and are refused with the rule's message
const validateTip = translatedSchemaResolver(ZSendTipInput.pick({ currency: true, message: true }).extend({ amount: zTypedNumber(ZTipAmount) }));

function TipForm({ orderId, sellerNickname, onDone }: { orderId: string; sellerNickname: string; onDone: () => void }) {
  const { t } = useTranslation(['tips', 'errors', 'common']);
  const utils = trpc.useUtils();
  const presets = trpc.orders.tips.presets.useQuery();
  const balances = useBalances();
  const verified = useEmailVerified();
  const send = trpc.orders.tips.send.useMutation();
  // one key per submission attempt: kept across retries of the same tip, replaced once anything
  // changes or the tip went through, so a retry can never send a different tip under an old key
  const idempotency = useIdempotencyKey('tip');
  const form = useForm({
    initialValues: { currency: 'usdn' as TTipCurrency, amount: '', message: '' },
    validate: validateTip,
    onValuesChange: idempotency.renew,
  });
  // whether the amount is a preset chip's (the custom field then stays empty)
  const [fromPreset, setFromPreset] = useState(false);

  const { currency, message } = form.values;
  const chips = presets.data?.[currency] ?? DEFAULT_PRESETS[currency];
  const amount = form.values.amount.trim() === '' ? null : typedNumber(form.values.amount);
  const available = balances.data ? (currency === 'usdn' ? balances.data.usdnAvailableCents : balances.data.points) : null;
  const amountInLedgerUnits = amount === null ? null : currency === 'usdn' ? amount * 100 : amount;
  const overBalance = available !== null && amountInLedgerUnits !== null && amountInLedgerUnits > available;
  const messageLength = [...message.trim()].length;

  const pickAmount = (value: string, preset: boolean) => {
    form.setFieldValue('amount', value);
    setFromPreset(preset);
  };

  const submit = form.onSubmit(async (values) => {
    if (overBalance) return;
    const tip = { currency: values.currency, amount: typedNumber(values.amount) };
    try {
      await send.mutateAsync({ orderId, ...tip, message: values.message.trim() || null, idempotencyKey: idempotency.current() });
      idempotency.renew();
      notifications.show({ color: 'teal', message: t(`sent.${tip.currency}`, { name: sellerNickname, amount: tip.amount }) });
      // the order page lists the tip and turns its button into "tip again"
      await Promise.all([utils.orders.get.invalidate({ orderId }), utils.orders.tips.forOrder.invalidate({ orderId }), utils.wallet.balances.invalidate()]);
      onDone();
    } catch (error) {
      if (!showServerFieldErrors(form, error, TIP_FIELDS)) notifications.show({ color: 'red', title: t('failed'), message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('intro', { name: sellerNickname })}
        </Text>
        <Input.Wrapper label={t('currency')}>
          <SegmentedControl
            fullWidth
            mt={4}
            radius="xl"
            value={currency}
            onChange={(value) => {
              form.setFieldValue('currency', value === 'points' ? 'points' : 'usdn');
              if (fromPreset) pickAmount('', false);
              form.clearFieldError('amount');
            }}
            data={[
              { value: 'usdn', label: t('currencies.usdn') },
              { value: 'points', label: t('currencies.points') },
            ]}
          />
        </Input.Wrapper>
        <Text size="sm" data-testid="tip-balance">
          {available === null
            ? '\u00a0'
            : currency === 'usdn'
              ? t('balance.usdn', { amount: formatCents(available) })
              : t('balance.points', { amount: available.toLocaleString() })}
        </Text>
        <Input.Wrapper label={t('presets')}>
          <Chip.Group multiple={false} value={fromPreset ? String(amount) : null} onChange={(value) => pickAmount(value, true)}>
            <Group gap="xs" mt={6}>
              {chips.map((value) => (
                <Chip key={value} value={String(value)} radius="xl" variant="outline">
                  {currency === 'usdn' ? t('presetUsdn', { amount: value }) : t('presetPoints', { amount: value })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <NumberField
          label={t('custom')}
          placeholder={t('customPlaceholder')}
          {...form.getInputProps('amount')}
          value={fromPreset ? '' : form.values.amount}
          onChange={(event) => pickAmount(event.currentTarget.value, false)}
          error={form.errors.amount ?? (overBalance ? t('overBalance') : null)}
          unit={currency === 'usdn' ? 'USDN' : t('unitPoints')}
          rightSectionWidth={currency === 'usdn' ? 56 : 64}
          data-testid="tip-custom"
        />
        <Stack gap={4}>
          <Textarea
            label={t('message')}
            placeholder={t('messagePlaceholder')}
            autosize
            minRows={2}
            maxRows={4}
            maxLength={TIP_LIMITS.messageMax}
            {...form.getInputProps('message')}
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {t('counter', { count: messageLength, max: TIP_LIMITS.messageMax })}
          </Text>
          <ContactWarning text={message} />
        </Stack>
        <VerifyFirstNotice />
        <DialogActions
          cancelLabel={t('cancel')}
          onCancel={onDone}
          submitLabel={form.isValid('amount') ? t(`submitAmount.${currency}`, { amount }) : t('submit')}
          loading={send.isPending}
          disabled={amount === null || overBalance || !verified}
          // an unverified member reads why in the notice just above
          disabledReason={amount === null ? t('common:submitReason.chooseAmount') : overBalance ? t('overBalance') : null}
          radius="xl"
          submitTestId="tip-submit"
        />
      </Stack>
    </form>
  );
}
