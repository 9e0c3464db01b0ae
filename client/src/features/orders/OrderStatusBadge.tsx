import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOrderStatus } from '@curio/shared';

const COLORS: Record<TOrderStatus, string> = {
  pending: 'gray',
  paid: 'blue',
  shipped: 'indigo',
  completed: 'teal',
  refunding: 'orange',
  refunded: 'grape',
  cancelled: 'dark',
};

export function OrderStatusBadge({ status, size = 'md' }: { status: TOrderStatus; size?: MantineSize }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={COLORS[status]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
