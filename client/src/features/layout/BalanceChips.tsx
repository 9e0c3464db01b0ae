import { Box, Button, Skeleton, Tooltip } from '@mantine/core';
import { IconCoin, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useBalances } from './use-live-counters.ts';
import classes from './layout.module.css';

const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false };

/** USDN chip (to /recharge) and Curio points chip (to /curio-center) of the top bar. */
export function BalanceChips() {
  const { t, i18n } = useTranslation('common');
  const { format } = useDisplayCurrency();
  const balances = useBalances();

  if (!balances.data) {
    return balances.isError ? null : (
      <>
        <Skeleton height={26} width={72} radius="xl" />
        <Skeleton height={26} width={48} radius="xl" visibleFrom="xs" />
      </>
    );
  }

  const { usdnAvailableCents, usdnHeldCents, usdnEscrowCents, points } = balances.data;
  const usdn = formatCents(usdnAvailableCents);
  const equivalent = t('balance.equivalent', { amount: format(usdnAvailableCents) });
  // the chip is what can be spent; the tooltip names the other two places of the member's USDN (rule W-1)
  const held = t('balance.held', { amount: formatCents(usdnHeldCents) });
  const escrow = t('balance.escrow', { amount: formatCents(usdnEscrowCents) });
  const pointsText = points.toLocaleString(i18n.language);

  return (
    <>
      <Tooltip
        events={TOOLTIP_EVENTS}
        label={
          <>
            {equivalent}
            <Box fz="xs">{held}</Box>
            <Box fz="xs">{escrow}</Box>
          </>
        }
      >
        <Button
          component={Link}
          to="/recharge"
          variant="light"
          color="teal"
          radius="xl"
          size="compact-sm"
          className={classes.chip}
          leftSection={<IconCoin size={16} stroke={1.8} />}
          aria-label={t('balance.usdnAria', { amount: usdn, equivalent })}
        >
          <Box component="span" visibleFrom="sm" mr={4}>
            USDN
          </Box>
          {usdn}
        </Button>
      </Tooltip>
      <Tooltip events={TOOLTIP_EVENTS} label={t('balance.pointsName')}>
        <Button
          component={Link}
          to="/curio-center"
          variant="light"
          color="orange"
          radius="xl"
          size="compact-sm"
          className={classes.chip}
          leftSection={<IconSparkles size={16} stroke={1.8} />}
          aria-label={t('balance.pointsAria', { points: pointsText })}
        >
          {pointsText}
        </Button>
      </Tooltip>
    </>
  );
}
