import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { useBalances } from '../layout/use-live-counters.ts';
import { useCheckIn } from '../points/use-check-in.ts';
import { CheckInAction } from '../points/CheckInAction.tsx';

/**
 * The top of the supply tab of /create (ADR 0030): what publishing costs, the member's points,
 * and today's check-in right here, so a member without points sees both why and how to get one
 * before filling in the form.
 */
export function PublishCostBar() {
  const { t, i18n } = useTranslation(['publish', 'points']);
  const balances = useBalances();
  const { center } = useCheckIn();
  const cost = LIMITS.publishListingPointsCost;
  const points = balances.data?.points;
  const short = points !== undefined && points < cost;
  const today = center.data?.checkIn;

  let hint: string | null = null;
  if (short && today) hint = today.checkedInToday ? t('publish:cost.shortAfterCheckIn') : t('publish:cost.shortCheckIn', { points: today.todayReward });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="publish-cost-title"
      data-testid="publish-cost"
      style={{ borderColor: short ? 'var(--mantine-color-orange-outline)' : undefined }}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <ThemeIcon size={36} radius="xl" variant="light" color={short ? 'orange' : 'grape'} aria-hidden>
            <IconSparkles size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} id="publish-cost-title">
              {t('publish:cost.title', { count: cost })}
            </Text>
            <Text size="sm" c={short ? undefined : 'dimmed'} fw={short ? 600 : undefined} aria-live="polite">
              {points === undefined
                ? t('publish:cost.balanceLoading')
                : t('publish:cost.balance', { count: points, points: points.toLocaleString(i18n.language) })}
            </Text>
            {hint && (
              <Text size="xs" c="dimmed">
                {hint}{' '}
                {today?.checkedInToday && (
                  <Anchor component={Link} to="/curio-center?tab=rewards" size="xs">
                    {t('publish:cost.howToEarn')}
                  </Anchor>
                )}
              </Text>
            )}
          </Stack>
        </Group>
        {today && <CheckInAction checkedInToday={today.checkedInToday} todayReward={today.todayReward} />}
      </Group>
    </Paper>
  );
}
