import { useState } from 'react';
import { Avatar, Button, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconCheck, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type TOffer } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { CounterOfferDialog, invalidateOffers } from './CounterOfferDialog.tsx';
import { OfferStatusBadge } from './OfferStatusBadge.tsx';
import { Money } from '../../components/Money.tsx';

/**
 * One offer with its negotiation history and the actions open to the viewer: the requester
 * accepts, rejects or counters; the seller counters or withdraws; whoever proposed the price on
 * the table waits for the other side (ADR 0009).
 */
export function OfferCard({ offer, viewerId, requestActive }: { offer: TOffer; viewerId: string; requestActive: boolean }) {
  const { t, i18n } = useTranslation(['offers', 'orders']);
  const navigate = useNavigate();
  const display = useDisplayCurrency();
  const utils = trpc.useUtils();
  const [countering, setCountering] = useState(false);
  const accept = trpc.marketplace.offers.accept.useMutation();
  const reject = trpc.marketplace.offers.reject.useMutation();
  const withdraw = trpc.marketplace.offers.withdraw.useMutation();

  const isRequester = viewerId === offer.requesterId;
  const isSeller = viewerId === offer.seller.id;
  const active = offer.status === 'pending' || offer.status === 'negotiating';
  const myTurn = active && requestActive && offer.lastProposerId !== viewerId;
  const roundsLeft = offer.negotiationRound < offer.maxNegotiationRounds;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = (action: () => Promise<unknown>, success: string) => {
    void (async () => {
      try {
        await action();
        notifications.show({ color: 'teal', message: success });
        await invalidateOffers(utils, offer.requestId);
      } catch (error) {
        notifications.show({ color: 'red', message: errorMessage(error) });
      }
    })();
  };
  /** An accepted offer is a paid order with the USDN in escrow (ADR 0013): point both sides to it. */
  const acceptOffer = () => {
    void (async () => {
      try {
        const accepted = await accept.mutateAsync({ offerId: offer.id });
        await invalidateOffers(utils, offer.requestId);
        const { orderId } = accepted;
        if (!orderId) {
          notifications.show({ color: 'teal', message: t('accepted') });
          return;
        }
        void utils.orders.list.invalidate();
        void utils.wallet.balances.invalidate();
        notifications.show({
          color: 'teal',
          title: t('accepted'),
          autoClose: 10_000,
          message: (
            <Stack gap={6} align="flex-start">
              <Text size="sm">{t('orders:offer.orderCreated')}</Text>
              <Button size="compact-xs" variant="light" onClick={() => void navigate(`/orders/${orderId}`)}>
                {t('orders:offer.viewOrder')}
              </Button>
            </Stack>
          ),
        });
      } catch (error) {
        notifications.show({ color: 'red', message: errorMessage(error) });
      }
    })();
  };
  const confirm = (title: string, body: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('confirm'), cancel: t('cancel') },
      onConfirm,
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={offer.seller.avatarUrl} name={offer.seller.nickname} radius="xl" size="md" />
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate>
                {isSeller ? t('you') : offer.seller.nickname}
              </Text>
              <Text size="xs" c="dimmed">
                {dateFormat.format(offer.createdAt)}
              </Text>
            </Stack>
          </Group>
          <OfferStatusBadge status={offer.status} />
        </Group>
        <Group gap="xs" align="baseline">
          <Text fw={700} size="lg" c="grape">
            <Money cents={offer.currentPriceCents} />
          </Text>
          <Text size="xs" c="dimmed">
            {t('approx', { amount: display.format(offer.currentPriceCents) })}
          </Text>
          {offer.currentPriceCents !== offer.priceCents && (
            <Text size="xs" c="dimmed" td="line-through">
              <Money cents={offer.priceCents} />
            </Text>
          )}
        </Group>
        {offer.message && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            “{offer.message}”
          </Text>
        )}
        {offer.history.length > 0 && (
          <Stack gap={6}>
            <Text size="xs" fw={600} c="dimmed">
              {t('history', { round: offer.negotiationRound, max: offer.maxNegotiationRounds })}
            </Text>
            <Timeline bulletSize={18} lineWidth={2} active={offer.history.length - 1}>
              {offer.history.map((round) => (
                <Timeline.Item
                  key={round.round}
                  bullet={<IconArrowsExchange size={11} aria-hidden />}
                  title={
                    <Text size="sm" fw={500}>
                      {t('roundLine', {
                        round: round.round,
                        who: round.proposerId === viewerId ? t('you') : round.proposerNickname,
                        amount: formatCents(round.proposedPriceCents),
                      })}
                    </Text>
                  }
                >
                  {round.message && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {round.message}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {dateFormat.format(round.createdAt)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        )}
        {active && requestActive && (
          <Group gap="xs" justify="flex-end">
            {!myTurn && (
              <Text size="xs" c="dimmed" mr="auto">
                {t('waiting')}
              </Text>
            )}
            {myTurn && roundsLeft && (
              <Button size="xs" radius="xl" variant="light" leftSection={<IconArrowsExchange size={14} aria-hidden />} onClick={() => setCountering(true)}>
                {t('counter')}
              </Button>
            )}
            {isRequester && (
              <Button
                size="xs"
                radius="xl"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                loading={reject.isPending}
                onClick={() => confirm(t('rejectTitle'), t('rejectBody'), () => run(() => reject.mutateAsync({ offerId: offer.id }), t('rejected')))}
              >
                {t('reject')}
              </Button>
            )}
            {isSeller && (
              <Button
                size="xs"
                radius="xl"
                variant="default"
                color="red"
                loading={withdraw.isPending}
                onClick={() => confirm(t('withdrawTitle'), t('withdrawBody'), () => run(() => withdraw.mutateAsync({ offerId: offer.id }), t('withdrawn')))}
              >
                {t('withdraw')}
              </Button>
            )}
            {myTurn && (
              <Button
                size="xs"
                radius="xl"
                color="teal"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={accept.isPending}
                onClick={() => confirm(t('acceptTitle'), t('acceptBody', { amount: formatCents(offer.currentPriceCents) }), acceptOffer)}
              >
                {t('accept')}
              </Button>
            )}
          </Group>
        )}
        {offer.orderId && (
          <Group justify="flex-end">
            <Button size="xs" radius="xl" variant="light" onClick={() => void navigate(`/orders/${offer.orderId}`)}>
              {t('orders:offer.viewOrder')}
            </Button>
          </Group>
        )}
      </Stack>
      <CounterOfferDialog offer={offer} opened={countering} onClose={() => setCountering(false)} />
    </Paper>
  );
}
