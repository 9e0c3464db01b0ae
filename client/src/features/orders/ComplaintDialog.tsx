import { useState } from 'react';
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_TYPES, ORDER_LIMITS, ZOrderComplaintInput, type TComplaintType } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { invalidateOrder } from './order-cache.ts';
import { EvidencePicker } from './EvidencePicker.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';

/** Either party complains about an order: a type, a required reason and up to five evidence images. */
export function ComplaintDialog({ orderId, role, opened, onClose }: { orderId: string; role: 'buyer' | 'seller'; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'errors', 'common']);
  const utils = trpc.useUtils();
  const complain = trpc.orders.complain.useMutation();
  const form = useForm<{ type: TComplaintType; reason: string; evidenceImages: string[] }>({
    // a buyer usually complains about the goods, a seller about the buyer
    initialValues: { type: role === 'buyer' ? 'product_issue' : 'buyer_issue', reason: '', evidenceImages: [] },
    validate: translatedSchemaResolver(ZOrderComplaintInput.omit({ orderId: true })),
  });
  const [uploading, setUploading] = useState(false);

  const close = () => {
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    complain.mutate(
      { orderId, ...values },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('complaint.done') });
          form.reset();
          void invalidateOrder(utils, orderId);
          close();
        },
        onError: (failure) => notifications.show({ color: 'red', title: t('submitFailed'), message: errorMessage(failure) }),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('complaint.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('complaint.type')}
            data={COMPLAINT_TYPES.map((value) => ({ value, label: t(`complaint.types.${value}`) }))}
            {...form.getInputProps('type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('complaint.reason')}
            placeholder={t('complaint.reasonPlaceholder')}
            {...form.getInputProps('reason')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={ORDER_LIMITS.complaintReasonMax}
            required
          />
          <EvidencePicker
            value={form.values.evidenceImages}
            onChange={(keys) => form.setFieldValue('evidenceImages', keys)}
            onBusyChange={setUploading}
            disabled={complain.isPending}
          />
          <DialogActions
            cancelLabel={t('cancel')}
            onCancel={close}
            submitLabel={t('complaint.submit')}
            loading={complain.isPending}
            disabled={uploading}
            disabledReason={t('common:submitReason.uploading')}
            color="red"
          />
        </Stack>
      </form>
    </Modal>
  );
}
