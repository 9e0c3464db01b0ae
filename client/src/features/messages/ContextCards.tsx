import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { OrderStatusBadge } from '../orders/OrderStatusBadge.tsx';
import classes from './messages.module.css';

function Thumb({ url }: { url: string | null | undefined }) {
  if (url) return <img src={url} alt="" className={classes.contextThumb} />;
  return (
    <div className={classes.contextThumb} style={{ display: 'grid', placeItems: 'center' }}>
      <IconPackage size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
    </div>
  );
}

/**
 * The order a conversation is about (rule C-2): title, status and total with a
 * button to the order. Nothing shows when the order cannot be read (not the viewer's order).
 */
export function OrderContextCard({ orderId }: { orderId: string }) {
  const { t } = useTranslation('messages');
  const order = trpc.orders.get.useQuery({ orderId }, { retry: false });
  if (order.isPending) return <Skeleton height={62} radius="md" />;
  if (!order.data) return null;
  const { data } = order;
  return (
    <Paper withBorder radius="md" p="xs" aria-label={t('context.order')} component="section">
      <Group gap="sm" wrap="nowrap">
        <Thumb url={data.imageUrl} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('context.orderNumber', { id: data.shortId })}
          </Text>
          <Text size="sm" fw={600} truncate>
            {data.title}
          </Text>
          <Group gap={6} wrap="nowrap">
            <OrderStatusBadge status={data.status} size="xs" />
            <Text size="xs" fw={600}>
              USDN {formatCents(data.totalCents)}
            </Text>
          </Group>
        </div>
        <Button component={Link} to={`/orders/${data.id}`} size="xs" variant="light" style={{ flexShrink: 0 }}>
          {t('context.viewOrder')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The listing a first message is about, shown above the composer until that message is sent. */
export function ListingContextCard({ listingId }: { listingId: string }) {
  const { t } = useTranslation('messages');
  const listing = trpc.marketplace.listings.get.useQuery({ id: listingId }, { retry: false });
  if (listing.isPending) return <Skeleton height={62} radius="md" />;
  if (!listing.data) return null;
  const { data } = listing;
  return (
    <Paper withBorder radius="md" p="xs" aria-label={t('context.listing')} component="section">
      <Group gap="sm" wrap="nowrap">
        <Thumb url={data.images[0]?.url} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('context.aboutListing')}
          </Text>
          <Text size="sm" fw={600} truncate>
            {data.title}
          </Text>
          <Text size="xs" fw={600}>
            USDN {formatCents(data.priceCents)}
          </Text>
        </div>
        <Button component={Link} to={`/listing/${data.id}`} size="xs" variant="subtle" style={{ flexShrink: 0 }}>
          {t('context.viewListing')}
        </Button>
      </Group>
    </Paper>
  );
}
