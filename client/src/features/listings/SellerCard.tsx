import { Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSpy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TListingSeller } from '@curio/shared';
import { FollowButton } from '../social/FollowButton.tsx';
import { accountAgeLabel } from './account-age.ts';
import { CreditRating } from '../../components/CreditRating.tsx';

/** Seller card linking to the seller's profile; an anonymous listing shows a neutral card instead. */
export function SellerCard({ seller, followingSeller, showFollow }: { seller: TListingSeller | null; followingSeller: boolean; showFollow: boolean }) {
  const { t } = useTranslation('listing');
  if (!seller) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" size={48} color="gray">
            <IconSpy size={24} aria-hidden />
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{t('seller.anonymous')}</Text>
            <Text size="xs" c="dimmed">
              {t('seller.anonymousHint')}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('seller.label')}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <UnstyledButton component={Link} to={`/profile/${seller.id}`} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={seller.avatarUrl} alt="" radius="xl" size={48} name={seller.nickname} color="grape" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {seller.nickname}
              </Text>
              <Group gap={6} wrap="nowrap">
                <CreditRating score={seller.creditScore} />
                <Text size="xs" c="dimmed">
                  · {t('seller.stats', { sold: seller.soldCount })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {accountAgeLabel(t, seller.createdAt)}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
        {showFollow && <FollowButton userId={seller.id} following={followingSeller} />}
      </Group>
    </Paper>
  );
}
