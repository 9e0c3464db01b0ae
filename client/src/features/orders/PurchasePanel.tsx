import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle, IconShieldLock, IconShoppingBag, IconUserOff, IconWallet } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, typedNumber, type TListingDetail } from '@curio/shared';
import i18n from '../../i18n/index.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useMemberGate } from '../social/use-member-gate.ts';
import { useBalances } from '../layout/use-live-counters.ts';
import { invalidateOrder } from './order-cache.ts';
import classes from './orders.module.css';
import { Money } from '../../components/Money.tsx';

/**
 * The quantity as typed, or the server's refusal of it (rule O-1): a whole number from 1 to the stock.
 * Nothing typed is rewritten: 0, 1.5 or more than the stock stay in the field with the rule's message.
 */
function quantityOf(text: string, stock: number): { quantity: number; error: null } | { quantity: null; error: string } {
  const number = typedNumber(text);
  if (!Number.isInteger(number) || number < 1) return { quantity: null, error: i18n.t('errors:QUANTITY_INVALID') };
  if (number > stock) return { quantity: null, error: i18n.t('errors:OUT_OF_STOCK', { available: stock }) };
  return { quantity: number, error: null };
}

/**
 * The buyer's part of the listing page (rules L-13 and O-1): quantity,
 * total, the member's available USDN, chat and buy. Buying opens a confirmation that says the
 * USDN is held in escrow; the purchase itself is one call with an idempotency key, so a double
 * submit cannot buy twice.
 */
export function PurchasePanel({ listing, soldOut, onChat }: { listing: TListingDetail; soldOut: boolean; onChat: () => void }) {
  const { t } = useTranslation(['orders', 'listing']);
  const { format } = useDisplayCurrency();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const gate = useMemberGate();
  const balances = useBalances();
  const purchase = trpc.orders.purchase.useMutation();
  const [quantityInput, setQuantityInput] = useState('1');

  const stock = listing.quantity;
  const typed = quantityOf(quantityInput, stock);
  // the total of what would be bought; a refused quantity leaves it at one unit's price
  const quantity = typed.quantity ?? 1;
  const totalCents = listing.priceCents * quantity;
  const availableCents = gate.isMember ? balances.data?.usdnAvailableCents : undefined;
  const shortCents = availableCents === undefined ? 0 : Math.max(0, totalCents - availableCents);
  const unitLabel = t(`listing:units.${listing.unit}`);

  const buy = (idempotencyKey: string) =>
    purchase.mutate(
      { listingId: listing.id, quantity, idempotencyKey },
      {
        onSuccess: ({ orderId }) => {
          notifications.show({ color: 'teal', message: t('purchase.done') });
          void invalidateOrder(utils);
          void utils.marketplace.listings.get.invalidate({ id: listing.id });
          void navigate(`/orders/${orderId}`);
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: t('purchase.failed'), message: errorMessage(error) });
          // stock or price may have moved under us: show the listing as it is now
          void utils.marketplace.listings.get.invalidate({ id: listing.id });
          void utils.wallet.balances.invalidate();
        },
      },
    );

  const confirmPurchase = () => {
    if (!gate.isMember) return gate.sendToLogin();
    // one key per attempt: a double click on confirm or a network retry of this attempt buys once
    const idempotencyKey = `purchase-${crypto.randomUUID()}`;
    modals.openConfirmModal({
      title: t('purchase.confirmTitle'),
      centered: true,
      children: (
        <Stack gap="sm">
          <Text size="sm" fw={600} lineClamp={2}>
            {listing.title}
          </Text>
          <dl className={classes.facts}>
            <Text component="dt" size="sm" c="dimmed">
              {t('purchase.quantity')}
            </Text>
            <Text component="dd" size="sm">
              {t('listing:facts.quantityValue', { count: quantity, unit: unitLabel })}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              {t('purchase.unitPrice')}
            </Text>
            <Text component="dd" size="sm">
              <Money cents={listing.priceCents} />
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              {t('purchase.total')}
            </Text>
            <Text component="dd" size="sm" fw={700}>
              <Money cents={totalCents} />
            </Text>
          </dl>
          <Alert color="teal" variant="light" icon={<IconShieldLock size={18} aria-hidden />}>
            {t('purchase.escrowNotice')}
          </Alert>
        </Stack>
      ),
      labels: { confirm: t('purchase.confirm'), cancel: t('cancel') },
      onConfirm: () => buy(idempotencyKey),
    });
  };

  // the chat label keeps its width (it is the longer one); buy, or why not, takes the rest
  const besideChat = (action: ReactNode) => (
    <Group gap="sm" wrap="nowrap">
      <Button variant="default" leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={onChat} style={{ flexShrink: 0 }}>
        {t('listing:buyer.chat')}
      </Button>
      {action}
    </Group>
  );

  if (soldOut) {
    return besideChat(
      <Button disabled style={{ flex: 1 }}>
        {t('listing:buyer.soldOut')}
      </Button>,
    );
  }

  // the seller is banned: the page stays readable (rule A-18), but nobody buys from them (ADR 0042)
  if (listing.sellerSuspended) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" variant="light" p="xs" role="status" icon={<IconUserOff size={18} aria-hidden />}>
          <Text size="sm">{t('listing:buyer.sellerSuspended')}</Text>
        </Alert>
        {besideChat(
          <Button disabled style={{ flex: 1 }}>
            {t('listing:buyer.purchasesPaused')}
          </Button>,
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
            <NumberField
              label={t('listing:buyer.quantity')}
              description={t('listing:buyer.inStock', { count: stock })}
              value={quantityInput}
              onChange={(event) => setQuantityInput(event.currentTarget.value)}
              error={typed.error}
              w={140}
            />
            <Stack gap={0} align="flex-end" miw={0}>
              <Text size="xs" c="dimmed">
                {t('purchase.total')}
              </Text>
              <Text fw={700} fz="lg" className={classes.amount} data-testid="purchase-total">
                <Money cents={totalCents} />
              </Text>
              <Text size="xs" c="dimmed" className={classes.amount}>
                ≈ {format(totalCents)}
              </Text>
            </Stack>
          </Group>
          {availableCents !== undefined && (
            <Group gap={6} wrap="nowrap">
              <IconWallet size={16} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {t('purchase.available', { amount: formatCents(availableCents) })}
              </Text>
            </Group>
          )}
          {shortCents > 0 && (
            <Alert color="yellow" variant="light" p="xs" role="status">
              <Text size="sm">
                {t('purchase.short', { amount: formatCents(shortCents) })}{' '}
                <Anchor component={Link} to="/recharge" size="sm" fw={600}>
                  {t('purchase.recharge')}
                </Anchor>
              </Text>
            </Alert>
          )}
        </Stack>
      </Paper>
      {besideChat(
        <Button
          style={{ flex: 1 }}
          leftSection={<IconShoppingBag size={16} aria-hidden />}
          onClick={confirmPurchase}
          loading={purchase.isPending}
          disabled={typed.quantity === null}
        >
          {t('purchase.buy')}
        </Button>,
      )}
    </Stack>
  );
}
