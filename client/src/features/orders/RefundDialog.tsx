import { Alert, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatCents, ORDER_LIMITS, ZRequestRefundInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { invalidateOrder } from './order-cache.ts';
import { DialogActions } from '../../components/DialogActions.tsx';

/** The buyer asks for the escrowed USDN back (order paid or shipped); a reason is required. */
export function RefundDialog({ orderId, totalCents, opened, onClose }: { orderId: string; totalCents: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'errors']);
  const utils = trpc.useUtils();
  const requestRefund = trpc.orders.requestRefund.useMutation();
  const form = useForm({ initialValues: { reason: '' }, validate: translatedSchemaResolver(ZRequestRefundInput.pick({ reason: true })) });

  const close = () => {
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(({ reason }) =>
    requestRefund.mutate(
      { orderId, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('refund.done') });
          form.reset();
          void invalidateOrder(utils, orderId);
          close();
        },
        onError: (failure) => {
          notifications.show({ color: 'red', title: t('submitFailed'), message: errorMessage(failure) });
          void invalidateOrder(utils, orderId);
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('refund.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color="blue" variant="light">
            {t('refund.notice', { amount: formatCents(totalCents) })}
          </Alert>
          <Textarea
            label={t('refund.reason')}
            placeholder={t('refund.reasonPlaceholder')}
            {...form.getInputProps('reason')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={ORDER_LIMITS.refundReasonMax}
            required
            data-autofocus
          />
          <DialogActions cancelLabel={t('cancel')} onCancel={close} submitLabel={t('refund.submit')} loading={requestRefund.isPending} color="orange" />
        </Stack>
      </form>
    </Modal>
  );
}
