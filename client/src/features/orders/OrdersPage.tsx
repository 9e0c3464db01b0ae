import { useState } from 'react';
import { Badge, Button, Center, Chip, Container, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarDollar, IconDownload, IconInbox, IconReceipt, IconShoppingBag, IconTruckDelivery, IconBuildingStore } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BRAND,
  BUY_ORDER_FILTERS,
  formatMoney,
  ORDER_STATUSES,
  ORDERS_CSV_COLUMNS,
  SELL_ORDER_FILTERS,
  type TOrdersCsvColumn,
  type TOrderStatus,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderCard } from './OrderCard.tsx';
import classes from './orders.module.css';
import { downloadCsv } from '../../lib/download-csv.ts';
// the member's time zone decides what "this month" means on the revenue card
import { browserTimeZone } from '../../lib/time-zone.ts';
import { EmptyList } from '../../components/EmptyList.tsx';

type Side = 'buy' | 'sell';
type Filter = (typeof BUY_ORDER_FILTERS)[number] | (typeof SELL_ORDER_FILTERS)[number];

function sideOf(value: string | null): Side {
  return value === 'sell' ? 'sell' : 'buy';
}

function filterOf(side: Side, value: string | null): Filter {
  const allowed: readonly string[] = side === 'buy' ? BUY_ORDER_FILTERS : SELL_ORDER_FILTERS;
  return value && allowed.includes(value) ? (value as Filter) : 'all';
}

/** /orders: the member's purchases and sales (rule O-15), tab and filter in the address. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const { user } = useRequireMember();
  const [params, setParams] = useSearchParams();
  const side = sideOf(params.get('tab'));
  const filter = filterOf(side, params.get('filter'));
  useDocumentTitle(`${t('list.title')} · ${BRAND}`);

  const select = (next: { tab?: Side; filter?: Filter }) => {
    const tab = next.tab ?? side;
    const nextFilter = next.filter ?? (next.tab ? 'all' : filter);
    const search = new URLSearchParams({ tab });
    if (nextFilter !== 'all') search.set('filter', nextFilter);
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
        <Tabs value={side} onChange={(value) => value && select({ tab: sideOf(value) })} variant="outline" radius="md">
          <Tabs.List>
            <Tabs.Tab value="buy" leftSection={<IconShoppingBag size={16} aria-hidden />}>
              {t('list.tabs.buy')}
            </Tabs.Tab>
            <Tabs.Tab value="sell" leftSection={<IconBuildingStore size={16} aria-hidden />}>
              {t('list.tabs.sell')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {user && (
          <Stack gap="md">
            {side === 'sell' && <SellSummary />}
            <FilterChips side={side} filter={filter} onChange={(value) => select({ filter: value })} />
            <OrderList key={`${side}-${filter}`} side={side} filter={filter} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function FilterChips({ side, filter, onChange }: { side: Side; filter: Filter; onChange: (filter: Filter) => void }) {
  const { t } = useTranslation('orders');
  const summary = trpc.orders.sellSummary.useQuery({ timeZone: browserTimeZone() }, { enabled: side === 'sell' });
  const filters: readonly Filter[] = side === 'buy' ? BUY_ORDER_FILTERS : SELL_ORDER_FILTERS;
  const toShip = summary.data?.toShip ?? 0;
  return (
    <div className={classes.filters}>
      <Chip.Group multiple={false} value={filter} onChange={(value) => onChange(value)}>
        <Group gap="xs" wrap="wrap" role="radiogroup" aria-label={t('list.filterLabel')}>
          {filters.map((value) => (
            <Chip key={value} value={value} radius="xl" size="sm" variant="outline">
              <span className={classes.chipLabel}>
                {t(`list.filters.${side}.${value}`)}
                {side === 'sell' && value === 'to_ship' && toShip > 0 && (
                  <Badge size="sm" color="red" variant="filled" radius="xl" px={6} aria-label={t('list.toShipCount', { count: toShip })}>
                    {toShip > 99 ? '99+' : toShip}
                  </Badge>
                )}
              </span>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

function SellSummary() {
  const { t } = useTranslation('orders');
  const utils = trpc.useUtils();
  const summary = trpc.orders.sellSummary.useQuery({ timeZone: browserTimeZone() });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      // the file speaks the member's language: the column titles, and the statuses as the order page shows them
      const labels = {
        columns: Object.fromEntries(ORDERS_CSV_COLUMNS.map((column) => [column, t(`list.csv.${column}`)])) as Record<TOrdersCsvColumn, string>,
        statuses: Object.fromEntries(ORDER_STATUSES.map((status) => [status, t(`status.${status}`)])) as Record<TOrderStatus, string>,
      };
      const { filename, csv } = await utils.orders.exportCsv.fetch({ timeZone: browserTimeZone(), labels }, { staleTime: 0 });
      downloadCsv(filename, csv);
    } catch (error) {
      notifications.show({ color: 'red', title: t('list.exportFailed'), message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const data = summary.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <SummaryCard
        icon={<IconTruckDelivery size={20} aria-hidden />}
        color="blue"
        label={t('summary.toShip')}
        value={data ? String(data.toShip) : '…'}
        note={data && data.urgent > 0 ? t('summary.urgent', { count: data.urgent }) : t('summary.noUrgent')}
        noteColor={data && data.urgent > 0 ? 'red' : 'dimmed'}
      />
      <SummaryCard
        icon={<IconCalendarDollar size={20} aria-hidden />}
        color="teal"
        label={t('summary.monthRevenue')}
        value={data ? formatMoney(data.monthRevenueCents) : '…'}
        note={t('summary.monthRevenueNote')}
      />
      <SummaryCard
        icon={<IconReceipt size={20} aria-hidden />}
        color="grape"
        label={t('summary.totalOrders')}
        value={data ? String(data.totalOrders) : '…'}
        action={
          <Button
            size="compact-xs"
            variant="light"
            radius="xl"
            leftSection={<IconDownload size={12} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!data || data.totalOrders === 0}
          >
            {t('summary.export')}
          </Button>
        }
      />
    </SimpleGrid>
  );
}

function SummaryCard({
  icon,
  color,
  label,
  value,
  note,
  noteColor = 'dimmed',
  action,
}: {
  icon: React.ReactNode;
  color: string;
  label: string;
  value: string;
  note?: string;
  noteColor?: string;
  action?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size="lg" radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" className={classes.amount}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c={noteColor}>
              {note}
            </Text>
          )}
          {action && <div>{action}</div>}
        </Stack>
      </Group>
    </Paper>
  );
}

function OrderList({ side, filter }: { side: Side; filter: Filter }) {
  const { t } = useTranslation('orders');
  const input =
    side === 'buy' ? { side, filter: filter as (typeof BUY_ORDER_FILTERS)[number] } : { side, filter: filter as (typeof SELL_ORDER_FILTERS)[number] };
  const list = trpc.orders.list.useInfiniteQuery(input, { getNextPageParam: (page) => page.nextCursor ?? undefined });

  if (list.isLoading) {
    return (
      <Center py={60}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (list.error && !list.data) {
    return (
      <Center py={60}>
        <Text c="dimmed">{errorMessage(list.error)}</Text>
      </Center>
    );
  }
  const orders = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (orders.length === 0) {
    return <EmptyList icon={IconInbox} title={t(`list.empty.${side}.${filter}`)} hint={t(`list.emptyHint.${side}`)} py={60} />;
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} side={side} />
        ))}
      </SimpleGrid>
      {list.hasNextPage && (
        <Center>
          <Button variant="default" radius="xl" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('list.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
