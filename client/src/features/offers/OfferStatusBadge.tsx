import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOfferStatus } from '@curio/shared';

const COLORS: Record<TOfferStatus, string> = {
  pending: 'yellow',
  negotiating: 'blue',
  accepted: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
  expired: 'gray',
  completed: 'green',
};

export function OfferStatusBadge({ status }: { status: TOfferStatus }) {
  const { t } = useTranslation('offers');
  return (
    <Badge color={COLORS[status]} variant="light" size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}
