import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Colours of every status an admin list shows; the label is admin:status.<status>. */
const COLORS: Record<string, string> = {
  pending: 'orange',
  reviewing: 'yellow',
  unreviewed: 'orange',
  approved: 'teal',
  completed: 'teal',
  resolved: 'teal',
  reviewed: 'blue',
  warning: 'yellow',
  banned: 'red',
  rejected: 'red',
  refunded: 'grape',
  refunding: 'orange',
  active: 'teal',
  lifted: 'gray',
  used: 'blue',
  disabled: 'gray',
  expired: 'gray',
  available: 'teal',
  sold: 'blue',
  unavailable: 'gray',
  open: 'teal',
  closed: 'gray',
  paid: 'blue',
  shipped: 'indigo',
  cancelled: 'gray',
};

export function AdminStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'} radius="sm" style={{ flexShrink: 0 }}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
