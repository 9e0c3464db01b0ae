import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCash, IconFlame, IconSparkles, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPointsCenter } from '@curio/shared';
import { errorMessage } from '../../lib/app-error.ts';
import { useCheckIn } from './use-check-in.ts';
import { CheckInAction } from './CheckInAction.tsx';

/**
 * Top of the Curio center (rules S-1 and P-6): points balance and lifetime earned, the daily check-in
 * with its streak and today's reward (ADR 0016), and the ways to points redemption and invitations.
 */
export function PointsCenterCard() {
  const { t } = useTranslation('points');
  const { center } = useCheckIn();

  if (center.isPending) return <Skeleton height={168} radius="lg" />;
  if (center.isError) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between">
          <Text c="red" size="sm">
            {errorMessage(center.error)}
          </Text>
          <Button variant="light" radius="xl" size="xs" onClick={() => void center.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return <CenterFigures data={center.data} />;
}

function CenterFigures({ data }: { data: TPointsCenter }) {
  const { t, i18n } = useTranslation('points');
  const number = (value: number) => value.toLocaleString(i18n.language);
  const figures = [
    { key: 'balance', value: number(data.balance) },
    { key: 'lifetimeEarned', value: number(data.lifetimeEarned) },
    { key: 'invitesAccepted', value: number(data.invitations.accepted) },
  ] as const;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} style={{ background: 'light-dark(var(--mantine-color-grape-0), var(--mantine-color-dark-6))' }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" color="grape" variant="light" aria-hidden>
            <IconSparkles size={22} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" component="h2" m={0}>
              {t('center.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('center.subtitle')}
            </Text>
          </div>
        </Group>

        <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
          {figures.map((figure) => (
            <Stack key={figure.key} gap={0} style={{ flexDirection: 'column-reverse' }}>
              <Text component="dt" size="xs" c="dimmed">
                {t(`center.${figure.key}`)}
              </Text>
              <Text component="dd" m={0} fw={700} fz={{ base: 'lg', sm: 'xl' }} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {figure.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>

        {data.held > 0 && (
          <Text size="xs" c="dimmed">
            {t('center.held', { points: number(data.held) })}
          </Text>
        )}

        <CheckInStrip data={data} />

        <Group gap="xs">
          <Button component={Link} to="/points-redemption" variant="light" color="grape" radius="xl" size="xs" leftSection={<IconCash size={15} aria-hidden />}>
            {t('center.redeem')}
          </Button>
          <Button component={Link} to="/invitations" variant="light" color="grape" radius="xl" size="xs" leftSection={<IconUserPlus size={15} aria-hidden />}>
            {t('center.invite')}
          </Button>
          <Anchor component={Link} to="/curio-center?tab=rewards" size="xs" ml="auto">
            {t('center.history')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The daily check-in row: the streak, what today pays, and the button (or today's result). */
function CheckInStrip({ data }: { data: TPointsCenter }) {
  const { t } = useTranslation('points');
  const { checkedInToday, streak, todayReward } = data.checkIn;

  return (
    <Paper radius="md" p="sm" bg="light-dark(var(--mantine-color-white), var(--mantine-color-dark-7))">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('checkIn.rule')} events={{ hover: true, focus: true, touch: true }} multiline w={260}>
            <Badge size="lg" variant="light" color="orange" leftSection={<IconFlame size={14} aria-hidden />} tabIndex={0} style={{ cursor: 'help' }}>
              {streak > 0 ? t('checkIn.streak', { count: streak }) : t('checkIn.noStreak')}
            </Badge>
          </Tooltip>
          {checkedInToday && (
            <Text size="sm" c="dimmed">
              {t('checkIn.earnedToday', { points: todayReward })}
            </Text>
          )}
        </Group>
        <CheckInAction checkedInToday={checkedInToday} todayReward={todayReward} />
      </Group>
    </Paper>
  );
}
