import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderDetail } from '@curio/shared';
import { Money } from '../../components/Money.tsx';
import classes from './orders.module.css';

type Tip = TOrderDetail['tips'][number];

/**
 * The tips on a completed order (rule O-18), newest first: the buyer reads what they sent, the
 * seller what they received, an admin who tipped whom. Shown only once there is one.
 */
export function OrderTips({ tips, role, dateTime }: { tips: Tip[]; role: TOrderDetail['role']; dateTime: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation('orders');
  const line = (tip: Tip) =>
    role === 'buyer'
      ? t('tips.byYou', { name: tip.to.nickname })
      : role === 'seller'
        ? t('tips.toYou', { name: tip.from.nickname })
        : t('tips.between', { from: tip.from.nickname, to: tip.to.nickname });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tips-heading" data-testid="order-tips">
      <Group gap="xs" mb="sm">
        <ThemeIcon variant="light" color="yellow" radius="xl" size="md" aria-hidden>
          <IconCoin size={16} />
        </ThemeIcon>
        <Title order={2} fz="h5" id="tips-heading">
          {t('tips.title')}
        </Title>
      </Group>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {tips.map((tip) => (
          <li key={tip.id} className={classes.tipRow} data-testid="order-tip">
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} miw={0}>
                {line(tip)}
              </Text>
              {tip.currency === 'usdn' ? (
                <Money cents={tip.amount} size="sm" fw={700} />
              ) : (
                <Text size="sm" fw={700} className={classes.amount}>
                  {t('tips.points', { amount: tip.amount.toLocaleString(i18n.language) })}
                </Text>
              )}
            </Group>
            {tip.message && (
              <Text size="sm" mt={4} className={classes.deliveryText}>
                {t('tips.message', { text: tip.message })}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              <time dateTime={tip.createdAt.toISOString()}>{dateTime.format(tip.createdAt)}</time>
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
