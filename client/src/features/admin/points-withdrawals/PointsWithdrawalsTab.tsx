import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_SIGNAL_RULES, type TAdminPointsWithdrawal, type TAdminPointsWithdrawalListInput, type TReferralSignals } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { DecisionDialogs } from '../refunds/DecisionDialogs.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminTable, type AdminColumn } from '../kit/AdminTable.tsx';
import { AdminStatusSegments } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

type StatusFilter = NonNullable<TAdminPointsWithdrawalListInput['status']>;
const FILTERS: StatusFilter[] = ['all', 'pending', 'completed', 'rejected'];

/** Legacy redemptions pay out in yuan through WeChat Pay or Alipay (rule P-7: 100 points = ¥1). */
function useCashFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 });
  return (cents: number) => format.format(cents / 100);
}

/**
 * The requester's invitation figures (rule AD-25, ADR 0045): a figure the server flagged is red,
 * and any flag puts a badge on top, so points farmed with sock accounts are seen before the
 * cash goes out. The address block and the mail domain are shown beside their counts: many
 * invitees on one big public mail provider reads differently from many on one private domain.
 */
function ReferralSignals({ signals }: { signals: TReferralSignals }) {
  const { t, i18n } = useTranslation('admin-operations');
  const n = (value: number) => value.toLocaleString(i18n.language);
  if (signals.invitees === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('withdrawals.referrals.none')}
      </Text>
    );
  }
  const flagged = signals.flags.addressBlock || signals.flags.mailDomain || signals.flags.neverTraded;
  // the block or domain goes on a line of its own, so a long one wraps whole instead of mid-word
  const line = (text: string, isFlagged: boolean, detail: string | null = null) => (
    <>
      <Text size="xs" c={isFlagged ? 'red' : undefined} fw={isFlagged ? 600 : undefined}>
        {text}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </>
  );
  return (
    // inherits the cell's alignment: left in the desktop table, right on a phone's card
    <Stack gap={2} style={{ alignItems: 'inherit' }} data-testid="referral-signals" data-flagged={flagged ? 'true' : 'false'}>
      {flagged && (
        <Badge
          color="red"
          variant="filled"
          size="sm"
          radius="sm"
          tt="none"
          styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
        >
          {t('withdrawals.referrals.flagged')}
        </Badge>
      )}
      <Text size="sm" fw={600}>
        {t('withdrawals.referrals.invitees', { n: n(signals.invitees) })}
      </Text>
      {signals.addressBlock === null
        ? line(t('withdrawals.referrals.sameBlockUnknown'), false)
        : line(t('withdrawals.referrals.sameBlock', { n: n(signals.sameAddressBlock) }), signals.flags.addressBlock, signals.addressBlock)}
      {line(t('withdrawals.referrals.sameDomain', { n: n(signals.sameMailDomain) }), signals.flags.mailDomain, signals.mailDomain)}
      {line(t('withdrawals.referrals.neverTraded', { n: n(signals.neverTraded) }), signals.flags.neverTraded)}
    </Stack>
  );
}

/**
 * Legacy points withdrawals (rules AD-25 and P-10): approve once the cash has been paid (the held points
 * leave the platform), or reject with notes (the points return to the member). Both are
 * audited and act once, whoever clicks twice.
 */
export function PointsWithdrawalsTab() {
  const { t, i18n } = useTranslation(['admin-operations', 'admin']);
  const cash = useCashFormat();
  const list = useAdminList();
  const [status, setStatus] = list.choice('status', FILTERS, 'all');
  const [deciding, setDeciding] = useState<{ request: TAdminPointsWithdrawal; decision: 'approve' | 'reject' } | null>(null);
  const requests = trpc.admin.pointsWithdrawals.list.useQuery({ ...list.input, status }, { placeholderData: keepPreviousData });
  const close = () => setDeciding(null);
  const approve = trpc.admin.pointsWithdrawals.approve.useMutation(useAdminMutationOptions(t('withdrawals.approved'), close));
  const reject = trpc.admin.pointsWithdrawals.reject.useMutation(useAdminMutationOptions(t('withdrawals.rejected'), close));
  const points = (value: number) => value.toLocaleString(i18n.language);

  const columns: AdminColumn<TAdminPointsWithdrawal>[] = [
    {
      key: 'member',
      label: t('withdrawals.columns.member'),
      minWidth: 120,
      inTitle: true,
      render: (row) => (
        <>
          <MemberLink userId={row.user.id} nickname={row.user.nickname} />
          <Text size="xs" c="dimmed" fw={400}>
            {formatFull(row.createdAt, i18n.language)}
          </Text>
        </>
      ),
    },
    {
      key: 'referrals',
      label: t('withdrawals.columns.referrals'),
      minWidth: 180,
      render: (row) => <ReferralSignals signals={row.referrals} />,
    },
    {
      key: 'points',
      label: t('withdrawals.columns.points'),
      nowrap: true,
      render: (row) => (
        <>
          {points(row.points)}
          <Text size="xs" c="dimmed">
            {t('withdrawals.feeLine', { fee: points(row.feePoints) })}
          </Text>
        </>
      ),
    },
    {
      key: 'cash',
      label: t('withdrawals.columns.cash'),
      nowrap: true,
      render: (row) => (
        <Text span fw={600} size="sm">
          {cash(row.cashCents)}
        </Text>
      ),
    },
    {
      key: 'account',
      label: t('withdrawals.columns.account'),
      minWidth: 150,
      render: (row) => (
        <>
          <Text size="xs" c="dimmed">
            {t(`withdrawals.methods.${row.method}`)}
          </Text>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {row.account}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: t('withdrawals.columns.status'),
      nowrap: true,
      minWidth: 120,
      render: (row) => (
        <>
          <AdminStatusBadge status={row.status} />
          {row.adminNotes && (
            <Text size="xs" c="dimmed" maw={220} style={{ whiteSpace: 'normal' }}>
              {t('withdrawals.notesLine', { notes: row.adminNotes })}
            </Text>
          )}
        </>
      ),
    },
  ];

  const actions = (row: TAdminPointsWithdrawal) =>
    row.status === 'pending' ? (
      <>
        <Button size="xs" color="teal" onClick={() => setDeciding({ request: row, decision: 'approve' })}>
          {t('withdrawals.approve')}
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setDeciding({ request: row, decision: 'reject' })}>
          {t('withdrawals.reject')}
        </Button>
      </>
    ) : null;

  const target = deciding?.request;
  const summary = target
    ? {
        cash: cash(target.cashCents),
        account: target.account,
        method: t(`withdrawals.methods.${target.method}`),
        points: points(target.points),
        member: target.user.nickname,
      }
    : {};

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.withdrawals')} description={t('withdrawals.description')} />
      <Text size="xs" c="dimmed">
        {t('withdrawals.referrals.legend', { min: REFERRAL_SIGNAL_RULES.minInvitees, percent: REFERRAL_SIGNAL_RULES.flagPercent })}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminStatusSegments filters={FILTERS} value={status} onChange={setStatus} />
        <AdminSearchField listState={list} placeholder={t('withdrawals.search')} style={{ flex: 1, minWidth: 220 }} />
      </Group>
      <AdminListBody query={requests} page={list.page} onPage={list.setPage} emptyText={t('withdrawals.empty')}>
        {(items) => (
          <AdminTable
            rows={items}
            columns={columns}
            rowKey={(row) => row.id}
            rowTestId={(row) => `admin-points-withdrawal-${row.id}`}
            actions={actions}
            minWidth={960}
            testId="admin-points-withdrawal"
          />
        )}
      </AdminListBody>
      <DecisionDialogs
        prefix="withdrawals"
        decision={deciding?.decision ?? null}
        summary={summary}
        approving={approve.isPending}
        rejecting={reject.isPending}
        onClose={close}
        onApprove={(notes) => {
          if (target) approve.mutate({ requestId: target.id, notes });
        }}
        onReject={(notes) => {
          if (target) reject.mutate({ requestId: target.id, notes });
        }}
      />
    </Stack>
  );
}
