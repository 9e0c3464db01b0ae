import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS, ZShipOrderInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { invalidateOrder } from './order-cache.ts';

/**
 * The seller's delivery info for a paid order (rule O-6). Blank
 * text is refused here with the server's own message, and again by the server.
 */
export function ShipForm({ orderId, onDone, onCancel }: { orderId: string; onDone?: () => void; onCancel?: () => void }) {
  const { t } = useTranslation(['orders', 'errors']);
  const utils = trpc.useUtils();
  const ship = trpc.orders.ship.useMutation();
  const form = useForm({ initialValues: { deliveryInfo: '' }, validate: translatedSchemaResolver(ZShipOrderInput.pick({ deliveryInfo: true })) });

  const submit = form.onSubmit(({ deliveryInfo }) =>
    ship.mutate(
      { orderId, deliveryInfo },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('ship.done') });
          form.reset();
          void invalidateOrder(utils, orderId);
          onDone?.();
        },
        onError: (failure) => {
          showServerFieldErrors(form, failure, ['deliveryInfo']);
          notifications.show({ color: 'red', title: t('actionFailed'), message: errorMessage(failure) });
          // someone else moved the order (refund, cancel): show what it is now
          void invalidateOrder(utils, orderId);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('ship.label')}
          description={t('ship.hint')}
          placeholder={t('ship.placeholder')}
          {...form.getInputProps('deliveryInfo')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={ORDER_LIMITS.deliveryInfoMax}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" loading={ship.isPending} leftSection={<IconTruckDelivery size={16} aria-hidden />}>
            {t('ship.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The ship form in a dialog, so a seller can ship from the orders list without leaving it. */
export function ShipDialog({ orderId, title, opened, onClose }: { orderId: string; title: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={t('ship.title')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" lineClamp={2}>
          {title}
        </Text>
        <ShipForm orderId={orderId} onDone={onClose} onCancel={onClose} />
      </Stack>
    </Modal>
  );
}
