import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ZCreateOfferInput, type TBuyingRequestDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useBudgetText } from '../buying-requests/budget-text.ts';
import { OfferPriceDialog, type OfferPrice } from './OfferPriceDialog.tsx';

/** The make-offer dialog (rule B-10): price within the budget, optional message; the server has the last word. */
export function MakeOfferDialog({ request, opened, onClose }: { request: TBuyingRequestDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['offers', 'errors']);
  const utils = trpc.useUtils();
  const create = trpc.marketplace.offers.create.useMutation();
  const budget = useBudgetText(request.budgetMinCents, request.budgetMaxCents);

  const withinBudget = (cents: number) => {
    if (request.budgetMinCents !== null && cents < request.budgetMinCents) return 'OFFER_BELOW_MIN_BUDGET';
    if (request.budgetMaxCents !== null && cents > request.budgetMaxCents) return 'OFFER_ABOVE_MAX_BUDGET';
    return null;
  };

  const send = async (offer: OfferPrice) => {
    await create.mutateAsync({ requestId: request.id, ...offer });
    notifications.show({ color: 'teal', message: t('offers:submitted') });
    await Promise.all([utils.marketplace.buyingRequests.get.invalidate({ id: request.id }), utils.marketplace.offers.mine.invalidate()]);
  };

  return (
    <OfferPriceDialog
      opened={opened}
      onClose={onClose}
      title={t('offers:makeOfferTitle')}
      priceLabel={t('offers:price')}
      messagePlaceholder={t('offers:messagePlaceholder')}
      messageMaxRows={6}
      submitLabel={t('offers:submit')}
      pending={create.isPending}
      input={ZCreateOfferInput.pick({ priceCents: true, message: true })}
      priceRule={withinBudget}
      send={send}
      onRefused={(error) => notifications.show({ color: 'red', title: t('offers:submitFailed'), message: errorMessage(error) })}
    >
      <Stack gap={2}>
        <Text size="sm" fw={600} lineClamp={2}>
          {request.title}
        </Text>
        <Text size="sm" c="grape">
          {budget}
        </Text>
      </Stack>
    </OfferPriceDialog>
  );
}
