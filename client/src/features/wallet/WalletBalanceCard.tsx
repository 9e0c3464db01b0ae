import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useBalances } from '../layout/use-live-counters.ts';

/**
 * The member's USDN balance, live (the layout's subscription refreshes it after any change),
 * with what pending withdrawals hold and the display-currency equivalent.
 */
export function WalletBalanceCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const { format } = useDisplayCurrency();
  const balances = useBalances();
  const data = balances.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
            <IconWallet size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('balance.label')}
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
              <Text size="xs" c="dimmed">
                {t('balance.equivalent', { amount: format(data.usdnAvailableCents) })}
                {data.usdnHeldCents > 0 && ` · ${t('balance.held', { amount: formatCents(data.usdnHeldCents) })}`}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Group>
    </Paper>
  );
}
