import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatCents, ZCounterOfferInput, type TOffer } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { OfferPriceDialog, type OfferPrice } from './OfferPriceDialog.tsx';

/** A counter-offer (rule B-12): a valid price that differs from the current one, within the round limit. */
export function CounterOfferDialog({ offer, opened, onClose }: { offer: TOffer; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['offers', 'errors']);
  const utils = trpc.useUtils();
  const counter = trpc.marketplace.offers.counter.useMutation();

  const send = async (price: OfferPrice) => {
    await counter.mutateAsync({ offerId: offer.id, ...price });
    notifications.show({ color: 'teal', message: t('offers:counterSent') });
    await invalidateOffers(utils, offer.requestId);
  };

  return (
    <OfferPriceDialog
      opened={opened}
      onClose={onClose}
      title={t('offers:counterTitle')}
      priceLabel={t('offers:counterPrice')}
      messageMaxRows={5}
      submitLabel={t('offers:sendCounter')}
      pending={counter.isPending}
      input={ZCounterOfferInput.pick({ priceCents: true, message: true })}
      priceRule={(cents) => (cents === offer.currentPriceCents ? 'COUNTER_PRICE_UNCHANGED' : null)}
      send={send}
      onRefused={(error) => notifications.show({ color: 'red', message: errorMessage(error) })}
    >
      <Text size="sm">
        {t('offers:currentPrice', { amount: formatCents(offer.currentPriceCents) })} ·{' '}
        {t('offers:roundOf', { round: offer.negotiationRound + 1, max: offer.maxNegotiationRounds })}
      </Text>
    </OfferPriceDialog>
  );
}

/** Every list an offer change shows up in. */
export async function invalidateOffers(utils: ReturnType<typeof trpc.useUtils>, requestId: string): Promise<void> {
  await Promise.all([
    utils.marketplace.offers.forRequest.invalidate({ requestId }),
    utils.marketplace.offers.mine.invalidate(),
    utils.marketplace.buyingRequests.mine.invalidate(),
    utils.marketplace.buyingRequests.get.invalidate({ id: requestId }),
  ]);
}
