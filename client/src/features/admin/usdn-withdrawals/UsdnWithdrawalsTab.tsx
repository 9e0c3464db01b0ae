import { ActionIcon, Badge, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MONEY_REQUEST_SORTS, formatCents, USDN_WITHDRAWAL_FILTERS, type TAdminMoneyRequestSort, type TAdminUsdnWithdrawal } from '@curio/shared';
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

type Filter = (typeof USDN_WITHDRAWAL_FILTERS)[number];
type Decision = { kind: 'approve' | 'reject'; request: TAdminUsdnWithdrawal };
const ACTIONABLE = new Set(['pending', 'approved']);

/** The payout address, shortened for the table, whole in the copy button and its tooltip. */
function Address({ address }: { address: string }) {
  const { t } = useTranslation('admin-money');
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" title={address}>
        {address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address}
      </Text>
      <CopyButton value={address}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('withdrawals.copied') : t('withdrawals.copyAddress')}>
            <ActionIcon size="sm" variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('withdrawals.copyAddress')}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Rule AD-23: the withdrawal requests with a pending badge. Approving asks for the chain
 * transaction hash of the payout already made (the held USDN is then burned); rejecting asks
 * for a reason (the hold returns to the member). Hashes open the Solana explorer.
 */
export function UsdnWithdrawalsTab() {
  const { t, i18n } = useTranslation(['admin-money', 'admin', 'errors']);
  const list = useAdminList();
  const [status, setStatus] = list.choice<Filter>('status', USDN_WITHDRAWAL_FILTERS, 'pending');
  const [decision, setDecision] = useState<Decision | null>(null);
  const sort = list.sortState(ADMIN_MONEY_REQUEST_SORTS, 'createdAt');
  const wide = useWideLayout();
  const requests = trpc.admin.usdnWithdrawals.list.useQuery({ ...list.input, status, ...sort.input }, { placeholderData: (previous) => previous });
  const stats = trpc.admin.usdnWithdrawals.stats.useQuery();
  const approve = trpc.admin.usdnWithdrawals.approve.useMutation(useAdminMutationOptions(t('withdrawals.approved'), () => setDecision(null)));
  const reject = trpc.admin.usdnWithdrawals.reject.useMutation(useAdminMutationOptions(t('withdrawals.rejected'), () => setDecision(null)));

  const columns: AdminColumn<TAdminUsdnWithdrawal, TAdminMoneyRequestSort>[] = [
    {
      key: 'member',
      label: t('withdrawals.member'),
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
      label: t('withdrawals.amount'),
      nowrap: true,
      render: (request) => (
        <>
          <Money cents={request.usdnAmountCents} size="sm" fw={600} />
          <Text size="xs" c="dimmed">
            {t('withdrawals.fee', { fee: formatCents(request.feeCents) })}
          </Text>
        </>
      ),
    },
    {
      key: 'payout',
      label: t('withdrawals.payout'),
      nowrap: true,
      render: (request) => (
        <>
          <Money cents={request.usdtAmountCents} unit="USDT" size="sm" fw={600} c="teal" />
          <Address address={request.withdrawalAddress} />
        </>
      ),
    },
    {
      key: 'status',
      label: t('withdrawals.status'),
      render: (request) => (
        <Stack gap={4} align="flex-start">
          <AdminStatusBadge status={request.status} />
          {request.transactionHash ? (
            <ExplorerLink network="solana" hash={request.transactionHash} />
          ) : (
            request.rejectionReason && (
              <Text size="xs" c="red" lineClamp={2}>
                {request.rejectionReason}
              </Text>
            )
          )}
        </Stack>
      ),
    },
    {
      key: 'created',
      sort: 'createdAt',
      label: t('withdrawals.requested'),
      nowrap: true,
      render: (request) => (
        <>
          <Text size="sm">{formatFull(request.createdAt, i18n.language)}</Text>
          {request.processedAt && (
            <Text size="xs" c="dimmed">
              {t('withdrawals.processedBy', { nickname: request.reviewer?.nickname ?? '—', time: formatFull(request.processedAt, i18n.language) })}
            </Text>
          )}
        </>
      ),
    },
  ];

  const summary = decision && (
    <Stack gap={2}>
      <Text size="sm">
        {t('withdrawals.summary', {
          nickname: decision.request.member.nickname,
          amount: formatCents(decision.request.usdnAmountCents),
          payout: formatCents(decision.request.usdtAmountCents),
        })}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {decision.request.withdrawalAddress}
      </Text>
    </Stack>
  );

  return (
    <>
      <TabHeader
        title={t('admin:tabs.usdn-withdrawals')}
        description={t('withdrawals.description')}
        actions={
          stats.data && stats.data.pending > 0 ? (
            <Badge color="orange" size="lg" variant="light" data-testid="withdrawals-pending-badge">
              {t('admin:pendingBadge', { count: stats.data.pending })}
            </Badge>
          ) : undefined
        }
      />
      {stats.data && (
        <StatCards
          items={[
            { label: t('withdrawals.stats.pending'), value: stats.data.pending, color: stats.data.pending > 0 ? 'orange' : undefined },
            { label: t('withdrawals.stats.pendingUsdt'), value: formatCents(stats.data.pendingUsdtCents) },
            { label: t('withdrawals.stats.completed'), value: stats.data.completed, color: 'teal' },
            { label: t('withdrawals.stats.rejected'), value: stats.data.rejected, color: 'red' },
          ]}
        />
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <AdminStatusSegments filters={USDN_WITHDRAWAL_FILTERS} value={status} onChange={setStatus} testId="withdrawals-filter" />
        {!wide && <AdminSortSelect sort={sort} columns={ADMIN_MONEY_REQUEST_SORTS} fallback="createdAt" columnLabel={() => t('withdrawals.amount')} />}
        <AdminSearchField listState={list} placeholder={t('withdrawals.searchPlaceholder')} />
      </Group>
      {requests.isError ? (
        <LoadFailed title={t('admin:kit.loadFailed')} error={requests.error} retryLabel={t('admin:kit.retry')} onRetry={() => void requests.refetch()} />
      ) : (
        <>
          <AdminTable
            rows={requests.data?.items}
            columns={columns}
            sort={sort}
            rowKey={(request) => request.id}
            actions={(request) =>
              ACTIONABLE.has(request.status) ? (
                <>
                  <Button size="compact-sm" color="teal" leftSection={<IconCheck size={14} />} onClick={() => setDecision({ kind: 'approve', request })}>
                    {t('withdrawals.approve')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={() => setDecision({ kind: 'reject', request })}
                  >
                    {t('withdrawals.reject')}
                  </Button>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  —
                </Text>
              )
            }
            minWidth={880}
            testId="withdrawals-table"
          />
          {requests.data && <AdminPager page={list.page} total={requests.data.total} onChange={list.setPage} />}
        </>
      )}
      <ReasonDialog
        opened={decision?.kind === 'approve'}
        title={t('withdrawals.approveTitle')}
        label={t('withdrawals.hashLabel')}
        requiredMessage={t('errors:TRANSACTION_HASH_REQUIRED')}
        singleLine
        confirmLabel={t('withdrawals.approve')}
        color="teal"
        loading={approve.isPending}
        onClose={() => setDecision(null)}
        onConfirm={(transactionHash) => decision && approve.mutate({ requestId: decision.request.id, transactionHash })}
      >
        {summary}
      </ReasonDialog>
      <ReasonDialog
        opened={decision?.kind === 'reject'}
        title={t('withdrawals.rejectTitle')}
        label={t('withdrawals.reasonLabel')}
        requiredMessage={t('errors:REJECTION_REASON_REQUIRED')}
        confirmLabel={t('withdrawals.reject')}
        color="red"
        loading={reject.isPending}
        onClose={() => setDecision(null)}
        onConfirm={(reason) => decision && reject.mutate({ requestId: decision.request.id, reason })}
      >
        {summary}
      </ReasonDialog>
    </>
  );
}
