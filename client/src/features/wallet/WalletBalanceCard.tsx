import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useBalances } from '../layout/use-live-counters.ts';

/**
 * The member's USDN in its three places (rule W-1), live (the layout's subscription refreshes it
 * after any change): available to spend, with its display-currency equivalent, then what pending
 * withdrawals hold and what sits in escrow for their open orders until they complete or are refunded.
 */
export function WalletBalanceCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const { format } = useDisplayCurrency();
  const balances = useBalances();
  const data = balances.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
            <IconWallet size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('balance.label')} · {t('balance.available')}
            </Text>
            {data ? (
              <Text fz={28} fw={700} lh={1.2} data-testid="wallet-balance">
                {formatCents(data.usdnAvailableCents)}{' '}
                <Text span fz="md" fw={600} c="dimmed">
                  USDN
                </Text>
              </Text>
            ) : (
              <Skeleton height={32} width={140} mt={4} />
            )}
            {data && (
              <>
                <Text size="xs" c="dimmed">
                  {t('balance.equivalent', { amount: format(data.usdnAvailableCents) })}
                </Text>
                <Group gap="lg" mt="xs" wrap="wrap" style={{ rowGap: 4 }}>
                  <Figure label={t('balance.heldLabel')} cents={data.usdnHeldCents} testId="wallet-held" />
                  <Figure label={t('balance.escrowLabel')} cents={data.usdnEscrowCents} testId="wallet-escrow" />
                </Group>
              </>
            )}
          </Stack>
        </Group>
        {children}
      </Group>
    </Paper>
  );
}

function Figure({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={cents > 0 ? undefined : 'dimmed'} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(cents)} USDN
      </Text>
    </Stack>
  );
}
