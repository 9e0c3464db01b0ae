import { Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ADJUSTMENT_MAX, formatCents, type TAdminUser } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

/**
 * Rule AD-8: add or deduct whole USDN with a reason. The form shows the balance after the
 * change and refuses one below zero before sending; the server checks both again.
 */
export function AdjustUsdnDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin-people');
  return (
    <Modal opened={user !== null} onClose={onClose} title={<Text fw={700}>{t('users.adjustTitle', { name: user?.nickname ?? '' })}</Text>} centered>
      {user && <AdjustForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function AdjustForm({ user, onClose }: { user: TAdminUser; onClose: () => void }) {
  const { t } = useTranslation(['admin-people', 'admin']);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // one key per opened form: a double click or a retry of the same form adjusts once
  const [idempotencyKey] = useState(() => `admin-adjust-${crypto.randomUUID()}`);
  const adjust = trpc.admin.users.adjustUsdn.useMutation(useAdminMutationOptions(t('users.adjustedToast'), onClose));

  const value = typeof amount === 'number' ? amount : Number.NaN;
  const resultCents = Number.isInteger(value) ? user.usdnCents + value * 100 : null;
  const below = resultCents !== null && resultCents < 0;

  const submit = () => {
    const next: typeof errors = {};
    if (!Number.isInteger(value)) next.amount = t('errors:AMOUNT_NOT_WHOLE');
    else if (value === 0) next.amount = t('errors:INVALID_AMOUNT');
    else if (below) next.amount = t('errors:USER_USDN_INSUFFICIENT');
    if (!reason.trim()) next.reason = t('errors:REASON_REQUIRED');
    setErrors(next);
    if (next.amount || next.reason) return;
    adjust.mutate({ userId: user.id, amount: value, reason: reason.trim(), idempotencyKey });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('users.currentBalance', { amount: formatCents(user.usdnCents) })}</Text>
        <NumberInput
          label={t('users.adjustAmount')}
          description={t('users.adjustHint')}
          value={amount}
          onChange={(next) => {
            setAmount(next);
            setErrors((old) => ({ ...old, amount: undefined }));
          }}
          allowDecimal={false}
          allowNegative
          min={-ADMIN_ADJUSTMENT_MAX}
          max={ADMIN_ADJUSTMENT_MAX}
          suffix=" USDN"
          error={errors.amount ?? (below ? t('errors:USER_USDN_INSUFFICIENT') : undefined)}
          withAsterisk
          data-autofocus
        />
        {resultCents !== null && value !== 0 && !below && (
          <Text size="sm" c="dimmed" data-testid="adjust-result">
            {t('users.resultBalance', { amount: formatCents(resultCents) })}
          </Text>
        )}
        <Textarea
          label={t('users.adjustReason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((old) => ({ ...old, reason: undefined }));
          }}
          error={errors.reason}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
        />
        <DialogActions
          cancelLabel={t('admin:kit.cancel')}
          onCancel={onClose}
          submitLabel={t('users.adjustSubmit')}
          loading={adjust.isPending}
          disabled={below}
        />
      </Stack>
    </form>
  );
}
