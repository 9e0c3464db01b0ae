import { useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, type THistoryEntry } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { MemberPage } from '../../components/MemberPage.tsx';
import { Money } from '../../components/Money.tsx';
import { WalletBalanceCard } from './WalletBalanceCard.tsx';
import { HistoryList } from './HistoryList.tsx';

type Currency = 'usdn' | 'points';
const PAGE_SIZE = 30;
const KNOWN_KINDS = new Set([
  'code_redemption',
  'usdt_recharge',
  'admin_adjustment',
  'purchase_escrow',
  'escrow_release',
  'refund',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_burn',
  'withdrawal_fee',
  'transfer',
  'tip',
  'publish_fee',
  'invitation_reward',
  'order_points',
  'checkin',
  'welcome_points',
  'demo_seed',
]);

/** /wallet: every movement of the member's available USDN or points, newest first, paged. */
export function BalanceHistoryPage() {
  const { t } = useTranslation('wallet');
  const [currency, setCurrency] = useState<Currency>('usdn');
  return (
    <MemberPage title={t('history.title')} subtitle={t('history.subtitle')}>
      <WalletBalanceCard>
        <Group gap="xs">
          <Button component={Link} to="/recharge" size="xs" variant="light">
            {t('history.topUp')}
          </Button>
          <Button component={Link} to="/withdrawal" size="xs" variant="default">
            {t('history.withdraw')}
          </Button>
          <Button component={Link} to="/transfer" size="xs" variant="default">
            {t('history.transfer')}
          </Button>
        </Group>
      </WalletBalanceCard>
      <SegmentedControl
        value={currency}
        onChange={(value) => setCurrency(value)}
        data={[
          { value: 'usdn', label: t('history.usdn') },
          { value: 'points', label: t('history.points', { brand: BRAND }) },
        ]}
        radius="xl"
        style={{ alignSelf: 'flex-start' }}
      />
      <Entries key={currency} currency={currency} />
    </MemberPage>
  );
}

function Entries({ currency }: { currency: Currency }) {
  const { t } = useTranslation('wallet');
  const pages = trpc.wallet.history.useInfiniteQuery(
    { currency, limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: null },
  );
  const entries = pages.data?.pages.flatMap((page) => page.entries);
  return (
    <Stack gap="sm" data-testid="wallet-history">
      <HistoryList
        query={{ data: entries, error: pages.error, isLoading: pages.isLoading }}
        empty={t('history.empty')}
        render={(entry) => <EntryRow entry={entry} currency={currency} />}
      />
      {pages.hasNextPage && (
        <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('history.more')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * One movement of a balance: its reason, time and signed amount. The member's own page links
 * the reason to its cause; the admin's member view shows it unlinked (the cause's page is the
 * member's, not the admin's).
 */
export function EntryRow({ entry, currency, linked = true }: { entry: THistoryEntry; currency: Currency; linked?: boolean }) {
  const { t, i18n } = useTranslation('wallet');
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const reason = t(`history.kinds.${KNOWN_KINDS.has(entry.kind) ? entry.kind : 'other'}`);
  const positive = entry.amount > 0;
  const size = Math.abs(entry.amount);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        {entry.link && linked ? (
          <Anchor component={Link} to={entry.link} size="sm" fw={500} truncate>
            {reason}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} truncate>
            {reason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {dateTime.format(entry.createdAt)}
        </Text>
      </Stack>
      <Text fw={600} c={positive ? 'teal' : undefined} style={{ flexShrink: 0 }}>
        {positive ? '+' : '−'}
        {currency === 'usdn' ? <Money cents={size} /> : size.toLocaleString(i18n.language)}
      </Text>
    </Group>
  );
}
