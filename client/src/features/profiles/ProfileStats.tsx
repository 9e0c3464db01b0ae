import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TProfileView } from '@curio/shared';
import { attendancePercent, creditRating } from '../../lib/member-labels.ts';

/** Stats row: listings, buying requests, followers, credit rating, attendance rate. */
export function ProfileStats({ profile }: { profile: TProfileView }) {
  const { t } = useTranslation('profiles');
  const items = [
    { key: 'listings', value: String(profile.stats.listingsCount) },
    { key: 'buyingRequests', value: String(profile.stats.buyingRequestsCount) },
    { key: 'followers', value: String(profile.stats.followersCount) },
    { key: 'creditScore', value: `${creditRating(profile.creditScore).toFixed(1)}/5` },
    { key: 'attendanceRate', value: `${attendancePercent(profile.attendanceRate)}%` },
  ] as const;
  return (
    <Paper withBorder radius="lg" p="sm">
      <SimpleGrid cols={5} spacing={4} component="dl" m={0}>
        {items.map((item) => (
          // the term comes first in the markup (dl rules) and shows under the number
          <Stack key={item.key} gap={0} align="center" justify="flex-end" ta="center" style={{ flexDirection: 'column-reverse' }}>
            <Text component="dt" size="xs" c="dimmed" lh={1.25}>
              {t(`stats.${item.key}`)}
            </Text>
            <Text component="dd" m={0} fw={700} fz={{ base: 'md', sm: 'lg' }} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
