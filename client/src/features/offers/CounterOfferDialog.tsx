import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatCents, type TOffer } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { PriceField, priceInputToCents } from './PriceField.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';

/** A counter-offer (rule B-12): a valid price that differs from the current one, within the round limit. */
export function CounterOfferDialog({ offer, opened, onClose }: { offer: TOffer; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['offers', 'errors']);
  const utils = trpc.useUtils();
  const counter = trpc.marketplace.offers.counter.useMutation();
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);

  const submit = async () => {
    const cents = priceInputToCents(price);
    if (cents === null) return setPriceError(t('errors:OFFER_PRICE_INVALID'));
    if (cents === offer.currentPriceCents) return setPriceError(t('errors:COUNTER_PRICE_UNCHANGED'));
    setPriceError(null);
    try {
      await counter.mutateAsync({ offerId: offer.id, priceCents: cents, ...(message.trim() ? { message } : {}) });
      notifications.show({ color: 'teal', message: t('offers:counterSent') });
      setPrice('');
      setMessage('');
      await invalidateOffers(utils, offer.requestId);
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('offers:counterTitle')} centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            {t('offers:currentPrice', { amount: formatCents(offer.currentPriceCents) })} ·{' '}
            {t('offers:roundOf', { round: offer.negotiationRound + 1, max: offer.maxNegotiationRounds })}
          </Text>
          <PriceField label={t('offers:counterPrice')} value={price} onChange={setPrice} error={priceError} autoFocus />
          <Textarea
            label={t('offers:message')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <DialogActions cancelLabel={t('offers:cancel')} onCancel={onClose} submitLabel={t('offers:sendCounter')} loading={counter.isPending} radius="xl" />
        </Stack>
      </form>
    </Modal>
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
