import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Purchase-reviews tab of the listing page (being built in issue 4). */
export function ListingReviews(_props: { listingId: string }) {
  const { t } = useTranslation('listing');
  return (
    <Center py="xl">
      <Text c="dimmed" size="sm">{t('tabs.noReviews')}</Text>
    </Center>
  );
}
