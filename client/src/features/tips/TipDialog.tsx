import { useRef, useState } from 'react';
import { Button, Chip, Group, Input, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatCents, TIP_LIMITS, type TTipCurrency } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useBalances } from '../layout/use-live-counters.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import { useEmailVerified, VerifyFirstNotice } from '../auth/VerifyFirstNotice.tsx';

interface TipDialogProps {
  orderId: string;
  sellerNickname: string;
  opened: boolean;
  onClose: () => void;
}

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

function TipForm({ orderId, sellerNickname, onDone }: { orderId: string; sellerNickname: string; onDone: () => void }) {
  const { t } = useTranslation(['tips', 'errors']);
  const utils = trpc.useUtils();
  const presets = trpc.orders.tips.presets.useQuery();
  const balances = useBalances();
  const verified = useEmailVerified();
  const send = trpc.orders.tips.send.useMutation();
  const [currency, setCurrency] = useState<TTipCurrency>('usdn');
  const [preset, setPreset] = useState<string | null>(null);
  const [custom, setCustom] = useState<string | number>('');
  const [message, setMessage] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  // one key per submission attempt: kept across retries of the same tip, replaced once anything
  // changes or the tip went through, so a retry can never send a different tip under an old key
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const freshKey = () => {
    idempotencyKey.current = crypto.randomUUID();
  };

  const chips = presets.data?.[currency] ?? DEFAULT_PRESETS[currency];
  const amount = preset !== null ? Number(preset) : typeof custom === 'number' ? custom : custom.trim() === '' ? null : Number(custom);
  const available = balances.data ? (currency === 'usdn' ? balances.data.usdnAvailableCents : balances.data.points) : null;
  const amountInLedgerUnits = amount === null ? null : currency === 'usdn' ? amount * 100 : amount;
  const overBalance = available !== null && amountInLedgerUnits !== null && amountInLedgerUnits > available;
  const messageLength = [...message.trim()].length;

  const submit = async () => {
    if (amount === null || !Number.isInteger(amount) || amount < 1) {
      setAmountError(t('errors:AMOUNT_NOT_WHOLE'));
      return;
    }
    if (overBalance) return;
    try {
      await send.mutateAsync({ orderId, currency, amount, message: message.trim() || null, idempotencyKey: idempotencyKey.current });
      freshKey();
      notifications.show({ color: 'teal', message: t(`sent.${currency}`, { name: sellerNickname, amount }) });
      await Promise.all([utils.orders.tips.forOrder.invalidate({ orderId }), utils.wallet.balances.invalidate()]);
      onDone();
    } catch (error) {
      notifications.show({ color: 'red', title: t('failed'), message: errorMessage(error) });
    }
  };

  return (
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
            setCurrency(value === 'points' ? 'points' : 'usdn');
            setPreset(null);
            setAmountError(null);
            freshKey();
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
        <Chip.Group
          multiple={false}
          value={preset}
          onChange={(value) => {
            setPreset(value);
            setCustom('');
            setAmountError(null);
            freshKey();
          }}
        >
          <Group gap="xs" mt={6}>
            {chips.map((value) => (
              <Chip key={value} value={String(value)} radius="xl" variant="outline">
                {currency === 'usdn' ? t('presetUsdn', { amount: value }) : t('presetPoints', { amount: value })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
      <NumberInput
        label={t('custom')}
        placeholder={t('customPlaceholder')}
        min={1}
        max={TIP_LIMITS.amountMax}
        allowDecimal={false}
        allowNegative={false}
        value={custom}
        onChange={(value) => {
          setCustom(value);
          setPreset(null);
          setAmountError(null);
          freshKey();
        }}
        error={amountError ?? (overBalance ? t('overBalance') : null)}
        rightSection={
          <Text size="xs" c="dimmed">
            {currency === 'usdn' ? 'USDN' : t('unitPoints')}
          </Text>
        }
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
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            freshKey();
          }}
        />
        <Text size="xs" c="dimmed" ta="right" aria-live="polite">
          {t('counter', { count: messageLength, max: TIP_LIMITS.messageMax })}
        </Text>
        <ContactWarning text={message} />
      </Stack>
      <VerifyFirstNotice />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" radius="xl" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button
          radius="xl"
          loading={send.isPending}
          disabled={amount === null || overBalance || !verified}
          onClick={() => void submit()}
          data-testid="tip-submit"
        >
          {amount !== null && Number.isInteger(amount) && amount >= 1 ? t(`submitAmount.${currency}`, { amount }) : t('submit')}
        </Button>
      </Group>
    </Stack>
  );
}
