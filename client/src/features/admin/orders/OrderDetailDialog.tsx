import { Anchor, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';

/**
 * The console's view of one order (admin.orders.get), opened in place from every admin tab that
 * names an order (orders, refunds); the orders tab also links to the read-only order page.
 */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  return (
    <Modal opened={orderId !== null} onClose={onClose} title={<OrderDialogTitle orderId={orderId} />} centered size="lg">
      {orderId && <OrderDetail orderId={orderId} />}
    </Modal>
  );
}

function OrderDialogTitle({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation('admin-content');
  return <Text fw={700}>{t('orders.detailTitle', { id: orderId?.slice(0, 8) ?? '' })}</Text>;
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={{ base: 84, sm: 120 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}

function OrderDetail({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation(['admin-content', 'admin']);
  const detail = trpc.admin.orders.get.useQuery({ orderId });
  if (detail.isPending) {
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  }
  if (detail.isError) {
    return <LoadFailed title={t('common.loadFailed')} error={detail.error} retryLabel={t('admin:kit.retry')} onRetry={() => void detail.refetch()} />;
  }
  const order = detail.data;
  const times = (['paidAt', 'shippedAt', 'completedAt', 'cancelledAt', 'refundedAt'] as const).filter((key) => order[key] !== null);
  return (
    <Stack gap="sm" data-testid="admin-order-detail">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {order.imageUrl && <Image src={order.imageUrl} w={64} h={64} radius="sm" fit="cover" alt="" style={{ flexShrink: 0 }} />}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700}>{order.title}</Text>
          <Group gap="xs">
            <AdminStatusBadge status={order.status} />
            <Text size="sm" fw={600}>
              {t('common.price', { amount: formatCents(order.totalCents) })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('orders.quantity', { count: order.quantity, price: formatCents(order.unitPriceCents) })}
          </Text>
        </Stack>
      </Group>
      <DetailRow label={t('orders.orderNumber')}>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {order.id}
        </Text>
      </DetailRow>
      <DetailRow label={t('orders.columns.buyer')}>
        <MemberLink userId={order.buyer.id} nickname={order.buyer.nickname} />
      </DetailRow>
      <DetailRow label={t('orders.columns.seller')}>
        <MemberLink userId={order.seller.id} nickname={order.seller.nickname} />
      </DetailRow>
      <DetailRow label={t('orders.listing')}>
        {order.listingId ? (
          <Anchor component={Link} to={`/listing/${order.listingId}`} size="sm">
            {order.title}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('orders.listingDeleted')}
          </Text>
        )}
      </DetailRow>
      <DetailRow label={t('orders.delivery')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {order.deliveryInfo ?? t('orders.noDelivery')}
        </Text>
      </DetailRow>
      <DetailRow label={t('orders.timeline')}>
        <Stack gap={2}>
          <Text size="sm">
            {t('orders.columns.created')}: {formatFull(order.createdAt, i18n.language)}
          </Text>
          {times.map((key) => (
            <Text size="sm" key={key}>
              {t(`orders.${key}`)}: {formatFull(order[key] as Date, i18n.language)}
            </Text>
          ))}
        </Stack>
      </DetailRow>
      {order.refund && (
        <DetailRow label={t('orders.refund')}>
          <Stack gap={2}>
            <AdminStatusBadge status={order.refund.status} />
            <Text size="sm">{t('orders.refundLine', { amount: formatCents(order.refund.amountCents), reason: order.refund.reason })}</Text>
            {order.refund.adminNotes && (
              <Text size="sm" c="dimmed">
                {t('orders.adminNotes', { notes: order.refund.adminNotes })}
              </Text>
            )}
          </Stack>
        </DetailRow>
      )}
      {order.complaintCount > 0 && (
        <Text size="sm" c="orange">
          {t('orders.complaints', { count: order.complaintCount })}
        </Text>
      )}
    </Stack>
  );
}
