import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, typedNumber, ZAdminAdjustUsdnInput, zTypedNumber, type TAdminUser } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { withFieldErrors } from '../kit/admin-form.ts';
import { NumberField } from '../../../components/NumberField.tsx';
import { NotesField } from '../kit/NotesField.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

const FIELDS = ['amount', 'reason'] as const;

/** The server's amount and reason rules, and a balance that may not go below zero. */
const adjustSchema = (balanceCents: number) =>
  ZAdminAdjustUsdnInput.pick({ reason: true }).extend({
    amount: zTypedNumber(ZAdminAdjustUsdnInput.shape.amount.refine((amount) => balanceCents + amount * 100 >= 0, { error: 'USER_USDN_INSUFFICIENT' })),
  });

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
  const form = useForm({
    initialValues: { amount: '', reason: '' },
    validate: translatedSchemaResolver(adjustSchema(user.usdnCents)),
  });
  // one key per opened form: a double click or a retry of the same form adjusts once
  const [idempotencyKey] = useState(() => `admin-adjust-${crypto.randomUUID()}`);
  const adjust = trpc.admin.users.adjustUsdn.useMutation(withFieldErrors(useAdminMutationOptions(t('users.adjustedToast'), onClose), form, FIELDS));

  const value = typedNumber(form.values.amount);
  const resultCents = Number.isInteger(value) ? user.usdnCents + value * 100 : null;
  const below = resultCents !== null && resultCents < 0;

  const submit = form.onSubmit(({ amount, reason }) => adjust.mutate({ userId: user.id, amount: typedNumber(amount), reason: reason.trim(), idempotencyKey }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('users.currentBalance', { amount: formatCents(user.usdnCents) })}</Text>
        <NumberField
          label={t('users.adjustAmount')}
          description={t('users.adjustHint')}
          {...form.getInputProps('amount')}
          negative
          unit="USDN"
          // a balance that would go below zero shows while typing, before any submit
          error={form.errors.amount ?? (below ? t('errors:USER_USDN_INSUFFICIENT') : undefined)}
          withAsterisk
          data-autofocus
        />
        {resultCents !== null && value !== 0 && !below && (
          <Text size="sm" c="dimmed" data-testid="adjust-result">
            {t('users.resultBalance', { amount: formatCents(resultCents) })}
          </Text>
        )}
        <NotesField label={t('users.adjustReason')} {...form.getInputProps('reason')} withAsterisk minRows={2} />
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
