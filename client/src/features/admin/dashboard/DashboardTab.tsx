import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAdminDashboard, TAdminPendingCounts } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { StatCards } from '../kit/StatCards.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { ADMIN_TAB_EVENT, type AdminTabKey } from '../admin-tabs.ts';

const TOTALS: (keyof TAdminDashboard['totals'])[] = [
  'users',
  'listings',
  'buyingRequests',
  'orders',
  'refunds',
  'complaints',
  'usdnWithdrawals',
  'usdtRecharges',
  'activeRechargeCodes',
  'violations',
];

/** Which tab decides each kind of waiting request. */
const QUEUES: { key: keyof TAdminPendingCounts; tab: AdminTabKey }[] = [
  { key: 'refunds', tab: 'refunds' },
  { key: 'complaints', tab: 'complaints' },
  { key: 'withdrawals', tab: 'withdrawals' },
  { key: 'violations', tab: 'violations' },
  { key: 'usdtRecharges', tab: 'usdt-recharge' },
  { key: 'usdnWithdrawals', tab: 'usdn-withdrawals' },
];

/**
 * Rule AD-7: head counts of the tables the console manages, and the queues waiting for an admin.
 * The server pushes new figures whenever a counted table changes (admin.onDashboard), like the
 * sidebar badges, so the page never shows yesterday's numbers beside live badges.
 */
export function DashboardTab() {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const dashboard = trpc.admin.dashboard.useQuery();
  trpc.admin.onDashboard.useSubscription(undefined, {
    // tracked events arrive as { id, data }
    onData: (event) => utils.admin.dashboard.setData(undefined, event.data),
  });
  if (dashboard.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (dashboard.isError) {
    return <LoadFailed title={t('kit.loadFailed')} error={dashboard.error} retryLabel={t('kit.retry')} onRetry={() => void dashboard.refetch()} />;
  }
  const { totals, pending } = dashboard.data;
  const waiting = QUEUES.filter(({ key }) => pending[key] > 0);
  const openTab = (tab: AdminTabKey) => window.dispatchEvent(new CustomEvent(ADMIN_TAB_EVENT, { detail: tab }));

  return (
    <Stack gap="lg">
      <TabHeader title={t('tabs.dashboard')} description={t('dashboard.description')} />
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('dashboard.waiting')}
        </Title>
        {waiting.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('dashboard.nothingWaiting')}
          </Text>
        ) : (
          <Stack gap="xs">
            {waiting.map(({ key, tab }) => (
              <Paper key={key} withBorder radius="md" p="sm" data-testid={`dashboard-waiting-${key}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {t(`tabs.${tab}`)}
                    <Text span c="orange" fw={700} ml="xs">
                      {pending[key]}
                    </Text>
                  </Text>
                  <Button size="xs" variant="light" rightSection={<IconChevronRight size={14} />} onClick={() => openTab(tab)}>
                    {t('dashboard.open')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('dashboard.totals')}
        </Title>
        <StatCards items={TOTALS.map((key) => ({ label: t(`dashboard.${key}`), value: totals[key], testId: `dashboard-total-${key}` }))} />
      </Stack>
    </Stack>
  );
}
