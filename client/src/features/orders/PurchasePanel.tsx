import { Button, Group } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TListingDetail } from '@curio/shared';

/** The buyer's part of the listing page: quantity, chat and buy (issue 4 fills in the purchase). */
export function PurchasePanel({ soldOut, onChat }: { listing: TListingDetail; soldOut: boolean; onChat: () => void }) {
  const { t } = useTranslation('listing');
  return (
    <Group gap="sm" grow>
      <Button variant="default" leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={onChat}>
        {t('buyer.chat')}
      </Button>
      {soldOut && <Button disabled>{t('buyer.soldOut')}</Button>}
    </Group>
  );
}
