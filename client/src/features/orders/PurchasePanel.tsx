import { useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle, IconShieldLock, IconShoppingBag, IconWallet } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type TListingDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useMemberGate } from '../social/use-member-gate.ts';
import { useBalances } from '../layout/use-live-counters.ts';
import { invalidateOrder } from './order-cache.ts';
import classes from './orders.module.css';
import { Money } from '../../components/Money.tsx';

/** Whole units between 1 and the stock; anything typed outside is pulled back in (rule O-1). */
function clampQuantity(value: number | string, stock: number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return 1;
  return Math.min(Math.max(1, Math.trunc(number)), Math.max(1, stock));
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
  const [quantityInput, setQuantityInput] = useState<number | string>(1);

  const stock = listing.quantity;
  const quantity = clampQuantity(quantityInput, stock);
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

  if (soldOut) {
    return (
      <Group gap="sm" wrap="nowrap">
        <Button variant="default" leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={onChat} style={{ flexShrink: 0 }}>
          {t('listing:buyer.chat')}
        </Button>
        <Button disabled style={{ flex: 1 }}>
          {t('listing:buyer.soldOut')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
            <NumberInput
              label={t('listing:buyer.quantity')}
              description={t('listing:buyer.inStock', { count: stock })}
              value={quantityInput}
              onChange={setQuantityInput}
              onBlur={() => setQuantityInput(quantity)}
              min={1}
              max={Math.max(1, stock)}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="blur"
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
      {/* the chat label keeps its width (it is the longer one); buy takes the rest */}
      <Group gap="sm" wrap="nowrap">
        <Button variant="default" leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={onChat} style={{ flexShrink: 0 }}>
          {t('listing:buyer.chat')}
        </Button>
        <Button style={{ flex: 1 }} leftSection={<IconShoppingBag size={16} aria-hidden />} onClick={confirmPurchase} loading={purchase.isPending}>
          {t('purchase.buy')}
        </Button>
      </Group>
    </Stack>
  );
}
