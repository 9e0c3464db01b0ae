import { Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MONEY_REQUEST_SORTS, formatCents, USDT_RECHARGE_FILTERS, type TAdminMoneyRequestSort, type TAdminUsdtRecharge } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { AdminPager } from '../kit/AdminPager.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { ExplorerLink } from '../kit/ExplorerLink.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { StatCards } from '../kit/StatCards.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminTable, type AdminColumn } from '../kit/AdminTable.tsx';
import { AdminSortSelect } from '../kit/AdminSortSelect.tsx';
import { useWideLayout } from '../kit/AdminListBody.tsx';
import { AdminStatusSegments } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { UsdtRechargeDetail } from './UsdtRechargeDetail.tsx';

type Filter = (typeof USDT_RECHARGE_FILTERS)[number];

/** Rule AD-22: five stat cards, status filter, nickname or hash search, detail dialog with approve / reject. */
export function UsdtRechargesTab() {
  const { t, i18n } = useTranslation(['admin-money', 'admin', 'errors']);
  const list = useAdminList();
  const [status, setStatus] = list.choice<Filter>('status', USDT_RECHARGE_FILTERS, 'all');
  const [selected, setSelected] = useState<TAdminUsdtRecharge | null>(null);
  const [rejecting, setRejecting] = useState<{ request: TAdminUsdtRecharge; adminNotes: string } | null>(null);
  const sort = list.sortState(ADMIN_MONEY_REQUEST_SORTS, 'createdAt');
  const wide = useWideLayout();
  const requests = trpc.admin.usdtRecharges.list.useQuery({ ...list.input, status, ...sort.input }, { placeholderData: (previous) => previous });
  const stats = trpc.admin.usdtRecharges.stats.useQuery();
  const approve = trpc.admin.usdtRecharges.approve.useMutation(useAdminMutationOptions(t('usdt.approved'), () => setSelected(null)));
  const reject = trpc.admin.usdtRecharges.reject.useMutation(useAdminMutationOptions(t('usdt.rejected'), () => setRejecting(null)));

  const columns: AdminColumn<TAdminUsdtRecharge, TAdminMoneyRequestSort>[] = [
    {
      key: 'member',
      label: t('usdt.member'),
      minWidth: 180,
      render: (request) => (
        <>
          <MemberLink userId={request.member.id} nickname={request.member.nickname} />
          <Text size="xs" c="dimmed" lineClamp={1}>
            {request.member.email}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      sort: 'amount',
      label: t('usdt.amount'),
      nowrap: true,
      render: (request) => <Money cents={request.usdtAmountCents} unit="USDT" size="sm" fw={600} />,
    },
    {
      key: 'hash',
      label: t('usdt.hash'),
      nowrap: true,
      render: (request) => (request.transactionHash ? <ExplorerLink network="tron" hash={request.transactionHash} /> : <Text size="sm">—</Text>),
    },
    { key: 'status', label: t('usdt.status'), nowrap: true, render: (request) => <AdminStatusBadge status={request.status} /> },
    {
      key: 'credited',
      label: t('usdt.credited'),
      nowrap: true,
      render: (request) => (request.creditedCents === null ? <Text size="sm">—</Text> : <Money cents={request.creditedCents} size="sm" />),
    },
    {
      key: 'created',
      sort: 'createdAt',
      label: t('usdt.submitted'),
      nowrap: true,
      render: (request) => <Text size="sm">{formatFull(request.createdAt, i18n.language)}</Text>,
    },
  ];

  return (
    <>
      <TabHeader title={t('admin:tabs.usdt-recharge')} description={t('usdt.description')} />
      {stats.data && (
        <StatCards
          items={[
            { label: t('usdt.stats.total'), value: stats.data.total },
            { label: t('usdt.stats.pending'), value: stats.data.pending, color: stats.data.pending > 0 ? 'orange' : undefined, testId: 'usdt-stat-pending' },
            { label: t('usdt.stats.approved'), value: stats.data.approved, color: 'teal' },
            { label: t('usdt.stats.rejected'), value: stats.data.rejected, color: 'red' },
            { label: t('usdt.stats.credited'), value: formatCents(stats.data.creditedCents) },
          ]}
        />
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <AdminStatusSegments filters={USDT_RECHARGE_FILTERS} value={status} onChange={setStatus} testId="usdt-filter" />
        {!wide && <AdminSortSelect sort={sort} columns={ADMIN_MONEY_REQUEST_SORTS} fallback="createdAt" columnLabel={() => t('usdt.amount')} />}
        <AdminSearchField listState={list} placeholder={t('usdt.searchPlaceholder')} />
      </Group>
      {requests.isError ? (
        <LoadFailed title={t('usdt.loadFailed')} error={requests.error} retryLabel={t('admin:kit.retry')} onRetry={() => void requests.refetch()} />
      ) : (
        <>
          <AdminTable
            rows={requests.data?.items}
            columns={columns}
            sort={sort}
            rowKey={(request) => request.id}
            actions={(request) => (
              <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} />} onClick={() => setSelected(request)}>
                {t('usdt.details')}
              </Button>
            )}
            minWidth={900}
            testId="usdt-table"
          />
          {requests.data && <AdminPager page={list.page} total={requests.data.total} onChange={list.setPage} />}
        </>
      )}
      <UsdtRechargeDetail
        request={selected}
        approving={approve.isPending}
        onClose={() => setSelected(null)}
        onApprove={(request, adminNotes) => approve.mutate({ requestId: request.id, ...(adminNotes ? { adminNotes } : {}) })}
        onReject={(request, adminNotes) => {
          // one dialog at a time: the detail closes and the reason dialog takes over
          setSelected(null);
          setRejecting({ request, adminNotes });
        }}
      />
      <ReasonDialog
        opened={rejecting !== null}
        title={t('usdt.rejectTitle')}
        label={t('usdt.rejectionReason')}
        requiredMessage={t('errors:REJECTION_REASON_REQUIRED')}
        confirmLabel={t('usdt.reject')}
        color="red"
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) =>
          rejecting && reject.mutate({ requestId: rejecting.request.id, reason, ...(rejecting.adminNotes ? { adminNotes: rejecting.adminNotes } : {}) })
        }
      >
        {rejecting && (
          <Text size="sm">
            {t('usdt.rejectSummary', { nickname: rejecting.request.member.nickname, amount: formatCents(rejecting.request.usdtAmountCents) })}
          </Text>
        )}
      </ReasonDialog>
    </>
  );
}
