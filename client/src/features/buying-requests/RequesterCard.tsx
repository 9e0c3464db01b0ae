import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TBuyingRequestDetail } from '@curio/shared';
import { CreditRating } from '../../components/CreditRating.tsx';
import { attendancePercent } from '../../lib/member-labels.ts';
import { FollowButton } from '../social/FollowButton.tsx';
import { accountAgeText } from './account-age.ts';

/** Requester card: nickname, avatar, credit rating, attendance, sold count, account age; follow for others. */
export function RequesterCard({ request }: { request: TBuyingRequestDetail }) {
  const { t } = useTranslation('buying');
  const { requester } = request;
  const stats = [
    { label: t('requester.rating'), value: <CreditRating score={requester.creditScore} size="sm" dimmed={false} /> },
    { label: t('requester.attendance'), value: `${attendancePercent(requester.attendanceRate)}%` },
    { label: t('requester.sold'), value: String(requester.soldCount) },
    { label: t('requester.joined'), value: accountAgeText(t, requester.createdAt) },
  ];
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Anchor component={Link} to={`/profile/${requester.id}`} c="inherit" underline="never" miw={0}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={requester.avatarUrl} name={requester.nickname} radius="xl" size="lg" />
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate>
                {requester.nickname}
              </Text>
              <Text size="xs" c="dimmed">
                {t('requester.label')}
              </Text>
            </Stack>
          </Group>
        </Anchor>
        {!request.viewer.isOwner && <FollowButton userId={requester.id} following={request.viewer.followingRequester} size="xs" />}
      </Group>
      <Group grow mt="md" gap="xs" wrap="nowrap">
        {stats.map((stat) => (
          <Stack key={stat.label} gap={0} align="center">
            {typeof stat.value === 'string' ? (
              <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {stat.value}
              </Text>
            ) : (
              stat.value
            )}
            <Text size="xs" c="dimmed" ta="center">
              {stat.label}
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}
