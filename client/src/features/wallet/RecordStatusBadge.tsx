import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRechargeStatus, TWithdrawalStatus } from '@curio/shared';

const COLORS: Record<TRechargeStatus | TWithdrawalStatus, string> = {
  pending: 'yellow',
  reviewing: 'blue',
  approved: 'teal',
  completed: 'teal',
  rejected: 'red',
};

/** Status of a top-up or withdrawal request, in words and colour. */
export function RecordStatusBadge({ status }: { status: TRechargeStatus | TWithdrawalStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
