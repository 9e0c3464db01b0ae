import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ORDER_SORTS, ORDER_STATUSES, formatCents, type TAdminOrderItem, type TAdminOrderSort } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList, type AdminSortState } from '../kit/use-admin-list.ts';
import { AdminListBody, Unsqueezed, useWideLayout } from '../kit/AdminListBody.tsx';
import { AdminStatusSelect } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { OrderDetailDialog } from './OrderDetailDialog.tsx';
import { ExportCsvButton } from '../kit/ExportCsvButton.tsx';
import { AdminDateRange } from '../kit/AdminDateRange.tsx';
import { AdminSortSelect } from '../kit/AdminSortSelect.tsx';
import { SortableTh } from '../kit/SortableTh.tsx';

type OrderSort = AdminSortState<TAdminOrderSort>;

/**
 * Rule AD-20: every order with title, short id, total and status. The short id links to the
 * order page /orders/:id, which an admin reads without the parties' actions; "details" opens
 * the console's own summary in place.
 */
export function OrdersTab() {
  const { t } = useTranslation(['admin-content', 'admin']);
  const list = useAdminList();
  const [status, setStatus] = list.param('status', ORDER_STATUSES);
  const sort = list.sortState(ADMIN_ORDER_SORTS, 'createdAt');
  const [openId, setOpenId] = useState<string | null>(null);
  const input = { ...list.input, status: status ?? undefined, ...sort.input, ...list.dateInput };
  const query = trpc.admin.orders.list.useQuery(input);
  const wide = useWideLayout();
  const exportOrders = trpc.admin.orders.exportCsv.useMutation();
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  const columnLabels = {
    id: t('orders.orderNumber'),
    title: t('orders.columns.title'),
    total: t('orders.columns.total'),
    status: t('orders.columns.status'),
    buyer: t('orders.columns.buyer'),
    seller: t('orders.columns.seller'),
    createdAt: t('orders.columns.created'),
  };

  // statuses as the badges read them, not their codes (a script calling without these gets the codes)
  const valueLabels = { status: Object.fromEntries(ORDER_STATUSES.map((code) => [code, t(`admin:status.${code}`)])) };

  return (
    <Stack gap="md">
      <TabHeader
        title={t('admin:tabs.orders')}
        description={t('orders.description')}
        actions={
          <ExportCsvButton testId="orders-export" exportCsv={() => exportOrders.mutateAsync({ ...filters, labels: columnLabels, values: valueLabels })} />
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField listState={list} placeholder={t('orders.searchPlaceholder')} data-testid="admin-orders-search" />
        <AdminStatusSelect statuses={ORDER_STATUSES} value={status} onChange={setStatus} w={{ base: '100%', xs: 200 }} />
        <AdminDateRange list={list} label={t('orders.dateRange')} />
        {!wide && <AdminSortSelect sort={sort} columns={ADMIN_ORDER_SORTS} fallback="createdAt" columnLabel={() => t('orders.columns.total')} />}
      </Group>
      <AdminListBody query={query} page={list.page} onPage={list.setPage} loadFailedText={t('common.loadFailed')} emptyText={t('common.empty')}>
        {(items) =>
          wide ? (
            <OrdersTable items={items} sort={sort} onOpen={setOpenId} />
          ) : (
            <Stack gap="sm">
              {items.map((item) => (
                <OrderCard key={item.id} item={item} onOpen={setOpenId} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>
      <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function OrdersTable({ items, sort, onOpen }: { items: TAdminOrderItem[]; sort: OrderSort; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('admin-content');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.columns.order')}</Table.Th>
            <Table.Th>{t('orders.columns.title')}</Table.Th>
            <SortableTh column="total" state={sort} ta="right">
              {t('orders.columns.total')}
            </SortableTh>
            <Table.Th>{t('orders.columns.status')}</Table.Th>
            <Table.Th>{t('orders.columns.buyer')}</Table.Th>
            <Table.Th>{t('orders.columns.seller')}</Table.Th>
            <SortableTh column="createdAt" state={sort}>
              {t('orders.columns.created')}
            </SortableTh>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`admin-order-${item.id}`}>
              <Table.Td ff="monospace" fz="sm">
                <OrderPageLink item={item} />
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {item.title}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {t('common.price', { amount: formatCents(item.totalCents) })}
              </Table.Td>
              <Table.Td>
                <Unsqueezed>
                  <AdminStatusBadge status={item.status} />
                </Unsqueezed>
              </Table.Td>
              <Table.Td>
                <MemberLink userId={item.buyer.id} nickname={item.buyer.nickname} />
              </Table.Td>
              <Table.Td>
                <MemberLink userId={item.seller.id} nickname={item.seller.nickname} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {formatFull(item.createdAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => onOpen(item.id)}>
                  {t('orders.details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The short id as a link to the order page (rule AD-20), named in full for screen readers. */
function OrderPageLink({ item }: { item: TAdminOrderItem }) {
  const { t } = useTranslation('admin-content');
  return (
    <Anchor component={Link} to={`/orders/${item.id}`} ff="monospace" fz="inherit" aria-label={t('orders.openPage', { id: item.shortId })}>
      {item.shortId}
    </Anchor>
  );
}

function OrderCard({ item, onOpen }: { item: TAdminOrderItem; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('admin-content');
  return (
    <Card withBorder radius="md" p="sm" data-testid={`admin-order-${item.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" ff="monospace">
            #<OrderPageLink item={item} />
          </Text>
          <AdminStatusBadge status={item.status} />
        </Group>
        <Text size="sm" fw={600} lineClamp={2}>
          {item.title}
        </Text>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <MemberLink userId={item.buyer.id} nickname={item.buyer.nickname} />
            <Text size="sm" c="dimmed">
              →
            </Text>
            <MemberLink userId={item.seller.id} nickname={item.seller.nickname} />
          </Group>
          <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('common.price', { amount: formatCents(item.totalCents) })}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatFull(item.createdAt, i18n.language)}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => onOpen(item.id)}>
            {t('orders.details')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
