import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '../../components/EmptyList.tsx';
import { LoadFailed } from '../layout/LoadFailed.tsx';
import { LIMITS, POINTS_RULES, type TInvitation, type TInvitationRewardState, type TInvitationStatus } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { MemberPage } from '../../components/MemberPage.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useCopyInviteLink } from './use-copy-invite-link.ts';

const STATUS_COLORS: Record<TInvitationStatus, string> = { pending: 'blue', accepted: 'teal', expired: 'gray' };
const REWARD_COLORS: Record<TInvitationRewardState, string> = { waiting: 'yellow', rewarded: 'grape', capped: 'gray' };

/**
 * /invitations (rules P-12, P-13, P-14 and P-18): the member's codes with their status and, once
 * accepted, whether the reward waits for the friend's first purchase, was paid, or fell over the
 * month's cap; a create button and a copy-link button.
 */
export function InvitationsPage() {
  const { t } = useTranslation('points');
  return (
    <MemberPage
      title={t('invitations.title')}
      subtitle={t('invitations.subtitle', { inviter: LIMITS.inviterRewardPoints, invitee: LIMITS.inviteeRewardPoints })}
    >
      <InviteSummary />
      <InvitationList />
    </MemberPage>
  );
}

function InviteSummary() {
  const { t, i18n } = useTranslation('points');
  const utils = trpc.useUtils();
  const center = trpc.points.center.useQuery({ timeZone: browserTimeZone() }, { staleTime: 10_000 });
  const invite = useCopyInviteLink();
  const create = trpc.points.invitations.create.useMutation({
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: result.reused ? t('invite.reused') : t('invite.created') });
      void utils.points.invitations.mine.invalidate();
      void utils.points.center.invalidate();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('invite.createFailed'), message: errorMessage(error) }),
  });
  const code = center.data?.invitations.currentCode ?? null;
  const stats = center.data?.invitations;
  const number = (value: number) => value.toLocaleString(i18n.language);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('invite.myCode')}
            </Text>
            <Text ff="monospace" fw={700} fz="xl" style={{ letterSpacing: 2 }} data-testid="invite-code">
              {code ?? '—'}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button radius="xl" color="grape" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending} onClick={() => create.mutate()}>
              {t('invite.create')}
            </Button>
            <Button
              radius="xl"
              variant="light"
              color={invite.copied ? 'teal' : 'grape'}
              disabled={!code}
              leftSection={invite.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={() => code && invite.copy(code)}
              aria-live="polite"
            >
              {invite.copied ? t('invite.copied') : t('invite.copyLink')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Figure label={t('invitations.acceptedCount')} value={number(stats?.accepted ?? 0)} />
          <Figure label={t('invitations.waitingCount')} value={number(stats?.waiting ?? 0)} />
          <Figure
            label={t('invitations.monthCount')}
            value={t('invitations.monthValue', { rewarded: number(stats?.rewardedThisMonth ?? 0), cap: number(POINTS_RULES.invitationRewardsPerMonth) })}
          />
          <Figure label={t('invitations.pointsEarned')} value={number(stats?.pointsEarned ?? 0)} color="grape" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('invitations.rules', { cap: POINTS_RULES.invitationRewardsPerMonth })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('invitations.validity', { days: POINTS_RULES.invitationValidDays })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  // a label that wraps at 390 px keeps its number on the same line as its neighbour's
  return (
    <Stack gap={2} justify="space-between">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" {...(color ? { c: color } : {})}>
        {value}
      </Text>
    </Stack>
  );
}

function InvitationList() {
  const { t } = useTranslation('points');
  const mine = trpc.points.invitations.mine.useQuery();
  if (mine.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (mine.isError) {
    return <LoadFailed title={t('loadFailed')} error={mine.error} retryLabel={t('retry')} onRetry={() => void mine.refetch()} />;
  }
  if (mine.data.length === 0) {
    return <EmptyList icon={IconUserPlus} title={t('invitations.empty')} hint={t('invitations.emptyHint')} />;
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('invitations.listLabel')}>
      {mine.data.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}

function InvitationRow({ invitation }: { invitation: TInvitation }) {
  const { t, i18n } = useTranslation('points');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" fw={700} style={{ letterSpacing: 1 }}>
              {invitation.code}
            </Text>
            {invitation.inviteeNickname && (
              <Text size="sm" c="dimmed" truncate>
                {t('invitations.invitee', { nickname: invitation.inviteeNickname })}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('invitations.createdAt', { time: time.format(invitation.createdAt) })}
          </Text>
          {invitation.acceptedAt ? (
            <Text size="xs" c="dimmed">
              {t('invitations.acceptedAt', { time: time.format(invitation.acceptedAt) })}
            </Text>
          ) : (
            invitation.status === 'pending' &&
            invitation.expiresAt && (
              <Text size="xs" c="dimmed">
                {t('invitations.expiresAt', { time: time.format(invitation.expiresAt) })}
              </Text>
            )
          )}
          {invitation.reward && (
            <Badge
              color={REWARD_COLORS[invitation.reward]}
              variant="light"
              size="sm"
              radius="sm"
              tt="none"
              data-testid="invitation-reward"
              // a long label wraps inside the row at 390 px instead of being cut to an ellipsis
              styles={{ root: { alignSelf: 'flex-start', maxWidth: '100%', height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal' } }}
            >
              {t(`invitations.reward.${invitation.reward}`, { points: LIMITS.inviterRewardPoints })}
            </Badge>
          )}
        </Stack>
        <Badge color={STATUS_COLORS[invitation.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`invitations.status.${invitation.status}`)}
        </Badge>
      </Group>
    </Paper>
  );
}
