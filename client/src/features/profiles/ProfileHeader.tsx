import { Anchor, Avatar, Badge, Button, Group, Paper, Rating, Stack, Title } from '@mantine/core';
import { IconCalendar, IconClock, IconLock, IconMail, IconPackage, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TProfileView } from '@curio/shared';
import { FollowButton } from '../social/FollowButton.tsx';
import { attendancePercent, creditRating, lastActiveLabel, registrationAge } from '../../lib/member-labels.ts';
import { CreditRating } from '../../components/CreditRating.tsx';

/** Avatar, nickname, credit rating, attendance, sold count, account age, last seen; follow or edit. */
export function ProfileHeader({ profile, now }: { profile: TProfileView; now: Date }) {
  const { t } = useTranslation('profiles');
  const age = registrationAge(profile.registeredAt, now);
  const active = lastActiveLabel(profile.lastActiveAt, now);
  const rating = creditRating(profile.creditScore);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Avatar src={profile.avatarUrl} alt="" size={72} radius={72} color="initials" name={profile.nickname} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lineClamp={1}>
                {profile.nickname}
              </Title>
              <Group gap={6} wrap="nowrap">
                <Rating value={rating} fractions={4} readOnly size="sm" aria-hidden />
                <CreditRating score={profile.creditScore} size="sm" dimmed={false} />
              </Group>
            </Stack>
            {profile.isOwn ? (
              <Group gap="xs">
                <Button component={Link} to="/profile/edit" size="xs" radius="xl" variant="default" leftSection={<IconUserEdit size={14} />}>
                  {t('header.editProfile')}
                </Button>
                <Button component={Link} to="/privacy-settings" size="xs" radius="xl" variant="subtle" leftSection={<IconLock size={14} />}>
                  {t('header.privacy')}
                </Button>
              </Group>
            ) : (
              <FollowButton userId={profile.userId} following={profile.isFollowing} followersCount={profile.stats.followersCount} />
            )}
          </Group>
          <Group gap={6}>
            <Badge variant="light" color="teal" radius="sm" tt="none">
              {t('header.attendance', { percent: attendancePercent(profile.attendanceRate) })}
            </Badge>
            <Badge variant="light" color="orange" radius="sm" tt="none" leftSection={<IconPackage size={12} aria-hidden />}>
              {t('header.sold', { count: profile.soldCount })}
            </Badge>
            <Badge variant="light" color="gray" radius="sm" tt="none" leftSection={<IconCalendar size={12} aria-hidden />}>
              {t(`header.age.${age.unit}`, { count: age.count })}
            </Badge>
            <Badge variant="light" color="gray" radius="sm" tt="none" leftSection={<IconClock size={12} aria-hidden />}>
              {t(`header.lastActive.${active.kind}`, { count: active.count })}
            </Badge>
          </Group>
          {profile.isOwn && (
            <Group gap={6} wrap="nowrap">
              <IconMail size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
              <Anchor href={`mailto:${profile.email}`} size="sm" c="dimmed" truncate aria-label={t('header.email')}>
                {profile.email}
              </Anchor>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
