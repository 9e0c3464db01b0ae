import { Anchor, Badge, Button, Center, Group, Loader, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND, type TAdminBanRecord, type TAdminUser } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/app-error.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { EntryRow } from '../../wallet/BalanceHistoryPage.tsx';
import { HistoryList } from '../../wallet/HistoryList.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { AdminPager } from '../kit/AdminPager.tsx';

const HISTORY_PAGE = 20;
const ORDERS_PAGE = 10;

/**
 * The member detail view of the users tab (rule AD-29): who they are, their balances and role,
 * their ledger history (the entries their own wallet page shows), their orders bought and sold,
 * and every ban they had. Opened by ?member=<id>, so it has a link; full screen on phones.
 */
export function MemberDetail({
  userId,
  onClose,
  onRole,
  onEndSessions,
}: {
  userId: string | null;
  onClose: () => void;
  onRole: (user: TAdminUser) => void;
  onEndSessions: (user: TAdminUser) => void;
}) {
  const { t } = useTranslation('admin-people');
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={<Text fw={700}>{t('detail.title')}</Text>}
      data-testid="member-detail"
    >
      {userId && <DetailBody userId={userId} onRole={onRole} onEndSessions={onEndSessions} />}
    </Modal>
  );
}

function DetailBody({ userId, onRole, onEndSessions }: { userId: string; onRole: (user: TAdminUser) => void; onEndSessions: (user: TAdminUser) => void }) {
  const { t, i18n } = useTranslation(['admin-people', 'admin']);
  const detail = trpc.admin.users.get.useQuery({ userId });
  if (detail.error) {
    return (
      <Text c="red" size="sm">
        {errorMessage(detail.error)}
      </Text>
    );
  }
  if (!detail.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('detail.loading')} />
      </Center>
    );
  }
  const { user, bans } = detail.data;
  const facts: { label: string; value: ReactNode }[] = [
    { label: t('detail.usdn'), value: <Money cents={user.usdnCents} size="sm" fw={600} /> },
    { label: t('detail.held'), value: <Money cents={user.usdnHeldCents} size="sm" /> },
    { label: t('detail.escrow'), value: <Money cents={user.usdnEscrowCents} size="sm" /> },
    { label: t('detail.points', { brand: BRAND }), value: <Text size="sm">{user.points.toLocaleString(i18n.language)}</Text> },
    { label: t('detail.joined'), value: <Text size="sm">{formatFull(user.createdAt, i18n.language)}</Text> },
    { label: t('detail.lastActive'), value: <Text size="sm">{formatFull(user.lastActiveAt, i18n.language)}</Text> },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Anchor component={Link} to={`/profile/${user.id}`} fw={700} size="lg">
              {user.nickname}
            </Anchor>
            {user.isAdmin && (
              <Badge size="sm" variant="outline" color="violet">
                {t('users.adminBadge')}
              </Badge>
            )}
            <AdminStatusBadge status={user.ban ? 'banned' : 'active'} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
        <Group gap="xs">
          {(user.isAdmin || !user.ban) && (
            <Button
              size="xs"
              variant="light"
              color={user.isAdmin ? 'red' : 'violet'}
              leftSection={user.isAdmin ? <IconShieldOff size={14} /> : <IconShieldCheck size={14} />}
              onClick={() => onRole(user)}
            >
              {user.isAdmin ? t('users.revokeAdmin') : t('users.grantAdmin')}
            </Button>
          )}
          <Button size="xs" variant="light" color="red" leftSection={<IconLogout size={14} />} onClick={() => onEndSessions(user)}>
            {t('users.endSessions')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {facts.map((fact) => (
          <Paper key={fact.label} withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              {fact.label}
            </Text>
            {fact.value}
          </Paper>
        ))}
      </SimpleGrid>
      <Tabs defaultValue="ledger" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="ledger">{t('detail.ledger')}</Tabs.Tab>
          <Tabs.Tab value="orders">{t('detail.orders')}</Tabs.Tab>
          <Tabs.Tab value="bans">{t('detail.bans', { count: bans.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ledger" pt="sm">
          <Ledger userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="sm">
          <Orders userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="bans" pt="sm">
          <Bans bans={bans} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Ledger({ userId }: { userId: string }) {
  const { t } = useTranslation('admin-people');
  const [currency, setCurrency] = useState<'usdn' | 'points'>('usdn');
  const pages = trpc.admin.users.history.useInfiniteQuery(
    { userId, currency, limit: HISTORY_PAGE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: null },
  );
  return (
    <Stack gap="sm" data-testid="member-ledger">
      <SegmentedControl
        value={currency}
        onChange={(value) => setCurrency(value)}
        data={[
          { value: 'usdn', label: 'USDN' },
          { value: 'points', label: t('detail.points', { brand: BRAND }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <HistoryList
        query={{ data: pages.data?.pages.flatMap((page) => page.entries), error: pages.error, isLoading: pages.isLoading }}
        empty={t('detail.noLedger')}
        render={(entry) => <EntryRow entry={entry} currency={currency} linked={false} />}
      />
      {pages.hasNextPage && (
        <Button variant="default" size="xs" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('detail.more')}
        </Button>
      )}
    </Stack>
  );
}

function Orders({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(['admin-people', 'admin']);
  const [page, setPage] = useState(1);
  const orders = trpc.admin.orders.list.useQuery({ memberId: userId, page, pageSize: ORDERS_PAGE });
  if (orders.error) return <Text c="red">{errorMessage(orders.error)}</Text>;
  if (!orders.data) return <Loader size="sm" />;
  if (orders.data.total === 0) return <Text c="dimmed">{t('detail.noOrders')}</Text>;
  return (
    <Stack gap="sm" data-testid="member-orders">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.orderTitle')}</Table.Th>
              <Table.Th>{t('detail.orderRole')}</Table.Th>
              <Table.Th ta="right">{t('detail.orderTotal')}</Table.Th>
              <Table.Th>{t('admin:kit.status')}</Table.Th>
              <Table.Th>{t('detail.orderDate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.items.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={1}>
                    {order.title}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    #{order.shortId}
                  </Text>
                </Table.Td>
                <Table.Td>{order.buyer.id === userId ? t('detail.bought') : t('detail.sold')}</Table.Td>
                <Table.Td ta="right">
                  <Money cents={order.totalCents} size="sm" />
                </Table.Td>
                <Table.Td>
                  <AdminStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {formatFull(order.createdAt, i18n.language)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <AdminPager page={page} total={orders.data.total} pageSize={ORDERS_PAGE} onChange={setPage} />
    </Stack>
  );
}

function Bans({ bans }: { bans: TAdminBanRecord[] }) {
  const { t, i18n } = useTranslation('admin-people');
  if (bans.length === 0) return <Text c="dimmed">{t('detail.noBans')}</Text>;
  return (
    <Stack gap="xs" data-testid="member-bans">
      {bans.map((ban) => (
        <Paper key={ban.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {ban.reason}
            </Text>
            <AdminStatusBadge status={ban.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('detail.banLine', {
              date: formatFull(ban.bannedAt, i18n.language),
              admin: ban.bannedBy?.nickname ?? '—',
            })}
            {ban.liftedAt && ` · ${t('detail.liftedLine', { date: formatFull(ban.liftedAt, i18n.language) })}`}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
