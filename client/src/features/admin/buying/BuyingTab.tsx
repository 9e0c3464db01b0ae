import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUYING_REQUEST_STATUSES, formatCents, type TAdminBuyingItem, type TBuyingRequestStatus } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminListBody, Unsqueezed, useWideLayout } from '../kit/AdminListBody.tsx';
import { AdminStatusSelect } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

const STATUS_COLORS: Record<TBuyingRequestStatus, string> = {
  open: 'teal',
  offer_limit_reached: 'yellow',
  in_negotiation: 'indigo',
  deal_made: 'blue',
  closed: 'gray',
  expired: 'gray',
  completed: 'teal',
};

/** A request's status with the labels the members' buying pages use (buying:status.*). */
function RequestStatusBadge({ status }: { status: TBuyingRequestStatus }) {
  const { t } = useTranslation('buying');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

function useBudgetText() {
  const { t } = useTranslation('admin-content');
  return (item: TAdminBuyingItem) => {
    const min = item.budgetMinCents === null ? null : formatCents(item.budgetMinCents);
    const max = item.budgetMaxCents === null ? null : formatCents(item.budgetMaxCents);
    if (min && max) return t('buying.budgetRange', { min, max });
    if (min) return t('buying.budgetFrom', { min });
    if (max) return t('buying.budgetUpTo', { max });
    return t('buying.budgetAny');
  };
}

/** Rule AD-14: buying requests with their poster; close one that is still open. */
export function BuyingTab() {
  const { t } = useTranslation(['admin-content', 'admin', 'buying', 'errors']);
  const list = useAdminList();
  const [status, setStatus] = list.param('status', BUYING_REQUEST_STATUSES);
  const query = trpc.admin.buying.list.useQuery({ ...list.input, status: status ?? undefined });
  const wide = useWideLayout();
  // the dialog belongs to the tab, not to a row: a resize swaps the table for cards (and back),
  // which would unmount a row's dialog and lose a half-written reason
  const [closing, setClosing] = useState<TAdminBuyingItem | null>(null);
  const close = trpc.admin.buying.close.useMutation(useAdminMutationOptions(t('buying.closed'), () => setClosing(null)));

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.buying')} description={t('buying.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField listState={list} placeholder={t('buying.searchPlaceholder')} data-testid="admin-buying-search" />
        <AdminStatusSelect
          statuses={BUYING_REQUEST_STATUSES}
          labelOf={(value) => t(`buying:status.${value}`)}
          value={status}
          onChange={setStatus}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <AdminListBody query={query} page={list.page} onPage={list.setPage} loadFailedText={t('common.loadFailed')} emptyText={t('common.empty')}>
        {(items) =>
          wide ? (
            <BuyingTable items={items} onCloseRequest={setClosing} />
          ) : (
            <Stack gap="sm">
              {items.map((item) => (
                <BuyingCard key={item.id} item={item} onCloseRequest={setClosing} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>
      <ReasonDialog
        opened={closing !== null}
        title={t('buying.closeTitle')}
        label={t('common.posterReasonLabel')}
        requiredMessage={t('errors:REASON_REQUIRED')}
        confirmLabel={t('buying.close')}
        color="red"
        loading={close.isPending}
        onClose={() => setClosing(null)}
        onConfirm={(reason) => closing && close.mutate({ requestId: closing.id, reason })}
      >
        <Text size="sm" fw={600}>
          {closing?.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('buying.closeHint')}
        </Text>
      </ReasonDialog>
    </Stack>
  );
}

type OnCloseRequest = (item: TAdminBuyingItem) => void;

function RequestTitle({ item }: { item: TAdminBuyingItem }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Anchor component={Link} to={`/buying-requests/${item.id}`} size="sm" fw={600} lineClamp={2}>
        {item.title}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {item.description}
      </Text>
    </Stack>
  );
}

function BuyingTable({ items, onCloseRequest }: { items: TAdminBuyingItem[]; onCloseRequest: OnCloseRequest }) {
  const { t, i18n } = useTranslation('admin-content');
  const budget = useBudgetText();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('buying.columns.request')}</Table.Th>
            <Table.Th>{t('buying.columns.poster')}</Table.Th>
            <Table.Th>{t('buying.columns.budget')}</Table.Th>
            <Table.Th>{t('buying.columns.offers')}</Table.Th>
            <Table.Th>{t('buying.columns.status')}</Table.Th>
            <Table.Th>{t('buying.columns.expires')}</Table.Th>
            <Table.Th>{t('buying.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`admin-buying-${item.id}`}>
              <Table.Td maw={300}>
                <RequestTitle item={item} />
                <Text size="xs" c="dimmed" mt={4}>
                  {formatFull(item.createdAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <MemberLink userId={item.poster.id} nickname={item.poster.nickname} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{budget(item)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t('buying.offersCount', { active: item.activeOffersCount, total: item.offerCount })}</Text>
              </Table.Td>
              <Table.Td>
                <Unsqueezed>
                  <RequestStatusBadge status={item.status} />
                </Unsqueezed>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.expiresAt ? formatFull(item.expiresAt, i18n.language) : t('buying.noExpiry')}</Text>
              </Table.Td>
              <Table.Td>
                <CloseRequest item={item} onCloseRequest={onCloseRequest} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BuyingCard({ item, onCloseRequest }: { item: TAdminBuyingItem; onCloseRequest: OnCloseRequest }) {
  const { t, i18n } = useTranslation('admin-content');
  const budget = useBudgetText();
  return (
    <Card withBorder radius="md" p="sm" data-testid={`admin-buying-${item.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <RequestTitle item={item} />
          <RequestStatusBadge status={item.status} />
        </Group>
        <Group gap="xs" justify="space-between">
          <MemberLink userId={item.poster.id} nickname={item.poster.nickname} />
          <Text size="sm" fw={600}>
            {budget(item)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatFull(item.createdAt, i18n.language)} · {t('buying.offersCount', { active: item.activeOffersCount, total: item.offerCount })}
        </Text>
        <CloseRequest item={item} onCloseRequest={onCloseRequest} />
      </Stack>
    </Card>
  );
}

/** Offered only while the request is open (the server answers REQUEST_NOT_OPEN otherwise). */
function CloseRequest({ item, onCloseRequest }: { item: TAdminBuyingItem; onCloseRequest: OnCloseRequest }) {
  const { t } = useTranslation('admin-content');
  if (!item.canClose) return null;
  return (
    <Button size="compact-sm" variant="light" color="red" w="fit-content" onClick={() => onCloseRequest(item)}>
      {t('buying.close')}
    </Button>
  );
}
