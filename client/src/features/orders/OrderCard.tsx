import { useState } from 'react';
import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type TOrderSummary } from '@curio/shared';
import { CreditRating } from '../../components/CreditRating.tsx';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { ShipDialog } from './ShipForm.tsx';
import classes from './orders.module.css';
import { Money } from '../../components/Money.tsx';

export function OrderThumb({ url, title, large }: { url: string | null; title: string; large?: boolean }) {
  return (
    <Box className={large ? `${classes.thumb} ${classes.thumbLarge}` : classes.thumb}>
      {url ? <img src={url} alt={title} loading="lazy" /> : <IconPackage size={28} stroke={1.4} aria-hidden />}
    </Box>
  );
}

/**
 * One order in the list. The whole card opens the order; its title is the keyboard-reachable
 * link. Seller cards add the buyer, their rating, the urgent badge and a quick-ship button.
 */
export function OrderCard({ order, side }: { order: TOrderSummary; side: 'buy' | 'sell' }) {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const [shipping, setShipping] = useState(false);
  const href = `/orders/${order.id}`;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(order.createdAt);
  const counterparty = side === 'sell' ? order.buyer : order.seller;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.orderCard}
      onClick={(event) => {
        // buttons and links inside the card do their own thing; clicks in the ship dialog reach
        // here through the React tree although the dialog is rendered elsewhere in the page
        const target = event.target as HTMLElement;
        if (!event.currentTarget.contains(target) || target.closest('a, button')) return;
        void navigate(href);
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <OrderThumb url={order.imageUrl} title={order.title} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text component={Link} to={href} className={classes.titleLink} size="sm" lineClamp={2}>
              {order.title}
            </Text>
            <OrderStatusBadge status={order.status} size="sm" />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" ff="monospace">
              #{order.shortId}
            </Text>
            <Text size="xs" c="dimmed">
              {time}
            </Text>
            {side === 'sell' && order.urgent && (
              <Badge color="red" variant="filled" size="xs" leftSection={<IconAlertTriangle size={10} aria-hidden />}>
                {t('card.urgent')}
              </Badge>
            )}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end">
            <Stack gap={2} miw={0}>
              <Text size="xs" c="dimmed">
                {t('card.quantity', { count: order.quantity, price: formatCents(order.unitPriceCents) })}
              </Text>
              <Group gap={4} wrap="nowrap" miw={0}>
                <Text size="xs" c="dimmed" truncate>
                  {side === 'sell' ? t('card.buyer', { name: counterparty.nickname }) : t('card.seller', { name: counterparty.nickname })}
                </Text>
                {side === 'sell' && <CreditRating score={counterparty.creditScore} />}
              </Group>
            </Stack>
            <Text fw={700} size="sm" className={classes.amount}>
              <Money cents={order.totalCents} />
            </Text>
          </Group>
          {side === 'sell' && order.status === 'paid' && (
            <Group justify="flex-end" mt={4}>
              <Button size="compact-sm" radius="xl" leftSection={<IconTruckDelivery size={14} aria-hidden />} onClick={() => setShipping(true)}>
                {t('card.quickShip')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      {side === 'sell' && order.status === 'paid' && <ShipDialog orderId={order.id} title={order.title} opened={shipping} onClose={() => setShipping(false)} />}
    </Paper>
  );
}
