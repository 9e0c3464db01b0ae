import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TBuyingRequestDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useBudgetText } from '../buying-requests/budget-text.ts';
import { PriceField, priceInputToCents } from './PriceField.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';

/** The make-offer dialog (rule B-10): price within the budget, optional message; the server has the last word. */
export function MakeOfferDialog({ request, opened, onClose }: { request: TBuyingRequestDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['offers', 'errors']);
  const utils = trpc.useUtils();
  const create = trpc.marketplace.offers.create.useMutation();
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const budget = useBudgetText(request.budgetMinCents, request.budgetMaxCents);

  const close = () => {
    setPriceError(null);
    onClose();
  };

  const submit = async () => {
    const cents = priceInputToCents(price);
    if (cents === null) return setPriceError(t('errors:OFFER_PRICE_INVALID'));
    if (request.budgetMinCents !== null && cents < request.budgetMinCents) return setPriceError(t('errors:OFFER_BELOW_MIN_BUDGET'));
    if (request.budgetMaxCents !== null && cents > request.budgetMaxCents) return setPriceError(t('errors:OFFER_ABOVE_MAX_BUDGET'));
    setPriceError(null);
    try {
      await create.mutateAsync({ requestId: request.id, priceCents: cents, ...(message.trim() ? { message } : {}) });
      notifications.show({ color: 'teal', message: t('offers:submitted') });
      setPrice('');
      setMessage('');
      await Promise.all([utils.marketplace.buyingRequests.get.invalidate({ id: request.id }), utils.marketplace.offers.mine.invalidate()]);
      close();
    } catch (error) {
      const { fields } = appErrorOf(error);
      if (fields?.priceCents) setPriceError(errorMessage(error));
      notifications.show({ color: 'red', title: t('offers:submitFailed'), message: errorMessage(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('offers:makeOfferTitle')} centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" fw={600} lineClamp={2}>
              {request.title}
            </Text>
            <Text size="sm" c="grape">
              {budget}
            </Text>
          </Stack>
          <PriceField label={t('offers:price')} value={price} onChange={setPrice} error={priceError} autoFocus />
          <Textarea
            label={t('offers:message')}
            placeholder={t('offers:messagePlaceholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <DialogActions cancelLabel={t('offers:cancel')} onCancel={close} submitLabel={t('offers:submit')} loading={create.isPending} radius="xl" />
        </Stack>
      </form>
    </Modal>
  );
}
