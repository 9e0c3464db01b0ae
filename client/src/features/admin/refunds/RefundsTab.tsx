import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatMoney, type TAdminRefund, type TAdminRefundListInput } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { OrderDetailDialog } from '../orders/OrderDetailDialog.tsx';
import { DecisionDialogs } from './DecisionDialogs.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminTable, type AdminColumn } from '../kit/AdminTable.tsx';
import { AdminStatusSegments } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

type StatusFilter = NonNullable<TAdminRefundListInput['status']>;
const FILTERS: StatusFilter[] = ['all', 'pending', 'approved', 'rejected'];

/**
 * Refunds (rules AD-21 and O-12): every refund request with its order, buyer, amount and reason.
 * Approve returns the escrow to the buyer (notes optional); reject needs notes and puts the
 * order back where it was. Both go through the audited, exactly-once server procedures.
 */
export function RefundsTab() {
  const { t, i18n } = useTranslation(['admin-operations', 'admin']);
  const list = useAdminList();
  const [status, setStatus] = list.choice('status', FILTERS, 'all');
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ refund: TAdminRefund; decision: 'approve' | 'reject' } | null>(null);
  const refunds = trpc.admin.refunds.list.useQuery({ ...list.input, status }, { placeholderData: keepPreviousData });
  const close = () => setDeciding(null);
  const approve = trpc.admin.refunds.approve.useMutation(useAdminMutationOptions(t('refunds.approved'), close));
  const reject = trpc.admin.refunds.reject.useMutation(useAdminMutationOptions(t('refunds.rejected'), close));

  const columns: AdminColumn<TAdminRefund>[] = [
    {
      key: 'order',
      label: t('refunds.columns.order'),
      minWidth: 170,
      inTitle: true,
      render: (row) => (
        <>
          <Anchor component="button" type="button" onClick={() => setOpenOrderId(row.orderId)} size="sm" fw={600} ta="left">
            {row.orderTitle}
            <Text span c="dimmed" size="xs" ff="monospace" ml={6}>
              #{row.orderId.slice(0, 8)}
            </Text>
          </Anchor>
          <Text size="xs" c="dimmed" fw={400}>
            {formatFull(row.createdAt, i18n.language)}
          </Text>
        </>
      ),
    },
    { key: 'buyer', label: t('refunds.columns.buyer'), minWidth: 100, render: (row) => <MemberLink userId={row.buyer.id} nickname={row.buyer.nickname} /> },
    { key: 'amount', label: t('refunds.columns.amount'), nowrap: true, render: (row) => formatMoney(row.amountCents) },
    {
      key: 'reason',
      label: t('refunds.columns.reason'),
      minWidth: 180,
      render: (row) => (
        <>
          {row.reason}
          {row.adminNotes && (
            <Text size="xs" c="dimmed">
              {t('refunds.notesLine', { notes: row.adminNotes })}
            </Text>
          )}
        </>
      ),
    },
    { key: 'status', label: t('refunds.columns.status'), nowrap: true, minWidth: 120, render: (row) => <AdminStatusBadge status={row.status} /> },
  ];

  const actions = (row: TAdminRefund) =>
    row.status === 'pending' ? (
      <>
        <Button size="xs" color="teal" onClick={() => setDeciding({ refund: row, decision: 'approve' })}>
          {t('refunds.approve')}
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setDeciding({ refund: row, decision: 'reject' })}>
          {t('refunds.reject')}
        </Button>
      </>
    ) : null;

  const target = deciding?.refund;
  const summary = target ? { amount: formatCents(target.amountCents), buyer: target.buyer.nickname } : {};

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.refunds')} description={t('refunds.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminStatusSegments filters={FILTERS} value={status} onChange={setStatus} />
        <AdminSearchField listState={list} placeholder={t('refunds.search')} style={{ flex: 1, minWidth: 220 }} />
      </Group>
      <AdminListBody query={refunds} page={list.page} onPage={list.setPage} emptyText={t('refunds.empty')}>
        {(items) => (
          <AdminTable
            rows={items}
            columns={columns}
            rowKey={(row) => row.id}
            rowTestId={(row) => `admin-refund-${row.id}`}
            actions={actions}
            minWidth={760}
            testId="admin-refund"
          />
        )}
      </AdminListBody>
      <DecisionDialogs
        prefix="refunds"
        decision={deciding?.decision ?? null}
        summary={summary}
        approving={approve.isPending}
        rejecting={reject.isPending}
        onClose={close}
        onApprove={(notes) => {
          if (target) approve.mutate({ refundId: target.id, notes });
        }}
        onReject={(notes) => {
          if (target) reject.mutate({ refundId: target.id, notes });
        }}
      />
      <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </Stack>
  );
}
