import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarCheck, IconCheck, IconCopy, IconGift, IconShoppingBag, IconTicket, IconTrendingUp, IconUserPlus, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '../../components/EmptyList.tsx';
import { LoadFailed } from '../layout/LoadFailed.tsx';
import { LIMITS, POINTS_RULES, type TPointsReward } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useCopyInviteLink } from './use-copy-invite-link.ts';

/** Ledger kinds with a label of their own when the reward type alone says too little. */
const SOURCE_LABELS = new Set([
  'tip',
  'publish_fee',
  'withdrawal_hold',
  'withdrawal_release',
  'transfer',
  'admin_adjustment',
  'demo_seed',
  'welcome_points',
  'refund',
]);

/** The translation key for one reward row: by its type, or by its ledger kind for spends and others. */
export function rewardLabelKey(reward: Pick<TPointsReward, 'type' | 'source'>): string {
  if (reward.type === 'spend' || reward.type === 'other' || reward.type === 'refund') {
    return SOURCE_LABELS.has(reward.source) ? `rewards.source.${reward.source}` : `rewards.type.${reward.type}`;
  }
  return `rewards.type.${reward.type}`;
}

/** The center's rewards tab (rule P-16): up to 50 records and the how-to-earn card. */
export function RewardsTab() {
  return (
    <Stack gap="md">
      <HowToEarnCard />
      <RewardList />
    </Stack>
  );
}

function RewardList() {
  const { t, i18n } = useTranslation('points');
  const rewards = trpc.points.rewards.useQuery();
  if (rewards.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (rewards.isError) {
    return <LoadFailed title={t('loadFailed')} error={rewards.error} retryLabel={t('retry')} onRetry={() => void rewards.refetch()} />;
  }
  if (rewards.data.length === 0) return <EmptyList icon={IconGift} title={t('rewards.empty')} />;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('rewards.title', { count: rewards.data.length, max: POINTS_RULES.rewardsLimit })}
      </Title>
      <Paper withBorder radius="md" component="ul" p={0} m={0}>
        {rewards.data.map((reward, index) => (
          <Group
            key={reward.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            px="md"
            py="sm"
            style={{ listStyle: 'none', borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {t(rewardLabelKey(reward))}
              </Text>
              <Text size="xs" c="dimmed">
                {time.format(reward.createdAt)}
              </Text>
            </Stack>
            <Text fw={700} c={reward.amount > 0 ? 'teal' : 'red'} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {reward.amount > 0 ? '+' : '−'}
              {Math.abs(reward.amount).toLocaleString(i18n.language)}
            </Text>
          </Group>
        ))}
      </Paper>
    </Stack>
  );
}

const WAYS: { key: string; icon: Icon; color: string; values: Record<string, number> }[] = [
  { key: 'purchase', icon: IconShoppingBag, color: 'blue', values: { percent: 5 } },
  { key: 'sale', icon: IconTrendingUp, color: 'teal', values: { percent: 10 } },
  { key: 'invite', icon: IconUserPlus, color: 'grape', values: { points: LIMITS.inviterRewardPoints, invitee: LIMITS.inviteeRewardPoints } },
  { key: 'checkIn', icon: IconCalendarCheck, color: 'orange', values: { max: POINTS_RULES.checkInMaxReward } },
];

function HowToEarnCard() {
  const { t } = useTranslation('points');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('howToEarn.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {WAYS.map((way) => (
            <Group key={way.key} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color={way.color} radius="md" size={34} aria-hidden>
                <way.icon size={18} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(`howToEarn.${way.key}.title`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`howToEarn.${way.key}.body`, way.values)}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
        <InviteCodeRow />
      </Stack>
    </Paper>
  );
}

/** The member's invitation code and the copy-link button; a code is made on request, not on view. */
function InviteCodeRow() {
  const { t } = useTranslation('points');
  const utils = trpc.useUtils();
  const center = trpc.points.center.useQuery({ timeZone: browserTimeZone() }, { staleTime: 10_000 });
  const invite = useCopyInviteLink();
  const create = trpc.points.invitations.create.useMutation({
    onSuccess: (result) => {
      if (!result.reused) notifications.show({ color: 'teal', message: t('invite.created') });
      void utils.points.center.invalidate();
      void utils.points.invitations.mine.invalidate();
    },
    onError: () => notifications.show({ color: 'red', message: t('invite.createFailed') }),
  });
  const code = center.data?.invitations.currentCode ?? create.data?.invitation.code ?? null;

  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconTicket size={20} aria-hidden />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('invite.myCode')}
            </Text>
            {code ? (
              <Text ff="monospace" fw={700} size="lg" style={{ letterSpacing: 2 }} data-testid="invite-code">
                {code}
              </Text>
            ) : (
              <Text size="sm">{t('invite.noCode')}</Text>
            )}
          </Stack>
        </Group>
        {code ? (
          <Button
            radius="xl"
            size="xs"
            color={invite.copied ? 'teal' : 'grape'}
            leftSection={invite.copied ? <IconCheck size={15} aria-hidden /> : <IconCopy size={15} aria-hidden />}
            onClick={() => invite.copy(code)}
            aria-live="polite"
          >
            {invite.copied ? t('invite.copied') : t('invite.copyLink')}
          </Button>
        ) : (
          <Button radius="xl" size="xs" color="grape" loading={create.isPending} onClick={() => create.mutate()}>
            {t('invite.create')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
