import { Badge, Group, Stack, Text } from '@mantine/core';
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

/** The first line of a request in a history list: the amount, when it was made, and its status. */
export function RecordRowHeader({ amount, time, status }: { amount: string; time: string; status: TRechargeStatus | TWithdrawalStatus }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600}>
          {amount}
        </Text>
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </Stack>
      <RecordStatusBadge status={status} />
    </Group>
  );
}
