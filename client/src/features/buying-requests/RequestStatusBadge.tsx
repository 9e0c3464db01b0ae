import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBuyingRequestStatus } from '@curio/shared';

const COLORS: Record<TBuyingRequestStatus, string> = {
  open: 'teal',
  offer_limit_reached: 'orange',
  in_negotiation: 'blue',
  deal_made: 'grape',
  closed: 'gray',
  expired: 'gray',
  completed: 'green',
};

export function RequestStatusBadge({ status, size = 'sm' }: { status: TBuyingRequestStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('buying');
  return (
    <Badge color={COLORS[status]} variant="light" size={size}>
      {t(`status.${status}`)}
    </Badge>
  );
}
