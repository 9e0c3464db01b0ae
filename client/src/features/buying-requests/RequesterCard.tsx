import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TBuyingRequestDetail } from '@curio/shared';
import { FollowButton } from '../social/FollowButton.tsx';
import { accountAgeText } from './account-age.ts';

/** Requester card (spec 1 §2): nickname, avatar, credit score, attendance, sold count, account age; follow for others. */
export function RequesterCard({ request }: { request: TBuyingRequestDetail }) {
  const { t } = useTranslation('buying');
  const { requester } = request;
  const stats = [
    { label: t('requester.rating'), value: (requester.creditScore / 20).toFixed(1), icon: true },
    { label: t('requester.attendance'), value: `${Math.round(requester.attendanceRate * 100)}%` },
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
            <Group gap={2} wrap="nowrap">
              {stat.icon && <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" aria-hidden />}
              <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {stat.value}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" ta="center">
              {stat.label}
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}
