import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TListingDetail } from '@curio/shared';

/** Comments tab of the listing page (being built in issue 4). */
export function ListingComments(_props: { listing: TListingDetail }) {
  const { t } = useTranslation('listing');
  return (
    <Center py="xl">
      <Text c="dimmed" size="sm">{t('tabs.noComments')}</Text>
    </Center>
  );
}
