import { useEffect, useState } from 'react';
import { Alert, Anchor, Avatar, Badge, Button, Center, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconClockHour4,
  IconCoin,
  IconEye,
  IconFlag,
  IconLock,
  IconMessageCircle,
  IconReceiptRefund,
  IconShieldCheck,
  IconStar,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, formatCents, formatMoney, refundRefusal, type TOrderDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { ReviewDialog } from '../reviews/ReviewDialog.tsx';
import { TipDialog } from '../tips/TipDialog.tsx';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { CreditRating } from '../../components/CreditRating.tsx';
import { OrderThumb } from './OrderCard.tsx';
import { ShipForm } from './ShipForm.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { ComplaintDialog } from './ComplaintDialog.tsx';
import { OrderTips } from './OrderTips.tsx';
import { invalidateOrder } from './order-cache.ts';
import classes from './orders.module.css';
import { Money } from '../../components/Money.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/** /orders/:id for the order's buyer or seller, and read-only for admins (rules O-14 and O-16). */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { user } = useRequireMember();
  const order = trpc.orders.get.useQuery({ orderId: id ?? '' }, { enabled: Boolean(id) && user !== null, retry: false });
  useDocumentTitle(order.data ? `${t('detail.title', { id: order.data.shortId })} · ${BRAND}` : BRAND);

  // a missing order (or a malformed id) is announced and the member goes back to the list
  const code = order.error ? appErrorOf(order.error).code : null;
  const missing = code === 'ORDER_NOT_FOUND' || code === 'VALIDATION_FAILED' || code === 'NOT_FOUND';
  useEffect(() => {
    if (!missing) return;
    notifications.show({ id: 'order-not-found', color: 'red', message: t('errors:ORDER_NOT_FOUND') });
    void navigate('/orders', { replace: true });
  }, [missing, navigate, t]);

  if (order.data) return <OrderDetail order={order.data} />;
  if (order.error && !missing) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md">
          <IconLock size={48} stroke={1.3} aria-hidden />
          <Title order={1} fz="h3" ta="center">
            {code === 'ORDER_ACCESS_DENIED' ? t('detail.deniedTitle') : t('detail.loadFailed')}
          </Title>
          <Text c="dimmed" ta="center">
            {errorMessage(order.error)}
          </Text>
          <Button component={Link} to="/orders">
            {t('detail.backToList')}
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <Center py={120}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function OrderDetail({ order }: { order: TOrderDetail }) {
  const { t, i18n } = useTranslation(['orders', 'errors']);
  const { format } = useDisplayCurrency();
  const [refundOpen, setRefundOpen] = useState(false);
  const [complaintOpen, setComplaintOpen] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);

  const isBuyer = order.role === 'buyer';
  // an admin who is not a party reads the order from the console; the actions stay the parties'
  const adminView = order.role === 'admin';
  const counterparty = isBuyer ? order.seller : order.buyer;
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const productLink = order.listingId ? `/listing/${order.listingId}` : order.buyingRequestId ? `/buying-requests/${order.buyingRequestId}` : null;
  const contactLink = `/messages?${new URLSearchParams({ order_id: order.id, [isBuyer ? 'seller_id' : 'buyer_id']: counterparty.id }).toString()}`;

  // the server's own rule (ADR 0029): a paid or shipped order, one request per order
  const canRefund = isBuyer && refundRefusal({ status: order.status, hasRefundRequest: order.refund !== null }) === null;
  const canTipOrReview = isBuyer && order.status === 'completed';
  // the server takes any number of tips on a completed order (rule O-18): after one, "tip again"
  const tipped = order.tips.length > 0;
  // one open complaint per party (rule O-13): while the member's waits for an answer, it shows instead
  const hasOpenComplaint = order.myComplaints.some((complaint) => complaint.status === 'pending');
  const canComplain = !adminView && order.status !== 'cancelled' && !hasOpenComplaint;
  // while a refund is under review the USDN is still held, but not waiting for receipt any more
  const escrowNote = order.status === 'refunding' && order.escrowStatus === 'in_progress' ? 'refunding' : order.escrowStatus;

  const times: { key: string; at: Date | null }[] = [
    { key: 'created', at: order.createdAt },
    { key: 'paid', at: order.paidAt },
    { key: 'shipped', at: order.shippedAt },
    { key: 'completed', at: order.completedAt },
    { key: 'refunded', at: order.refundedAt },
    { key: 'cancelled', at: order.cancelledAt },
  ];

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={adminView ? '/admin?tab=orders' : `/orders?tab=${isBuyer ? 'buy' : 'sell'}`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {adminView ? t('detail.backToAdmin') : t('detail.backToList')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {t('detail.title', { id: order.shortId })}
            </Title>
            {!adminView && (
              <Text size="sm" c="dimmed">
                {isBuyer ? t('detail.youBought') : t('detail.youSold')}
              </Text>
            )}
          </Stack>
          <OrderStatusBadge status={order.status} size="lg" />
        </Group>
        {adminView && (
          <Alert color="violet" variant="light" icon={<IconEye size={20} aria-hidden />} title={t('detail.adminView')} data-testid="order-admin-view">
            <Text size="sm">{t('detail.adminViewHint')}</Text>
          </Alert>
        )}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" component="section" aria-label={t('detail.product')}>
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <OrderThumb url={order.imageUrl} title={order.title} large />
                  <Stack gap={4} miw={0} style={{ flex: 1 }}>
                    {productLink ? (
                      <Anchor component={Link} to={productLink} fw={600} lineClamp={2}>
                        {order.title}
                      </Anchor>
                    ) : (
                      <Text fw={600} lineClamp={2}>
                        {order.title}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {t('detail.quantityLine', { count: order.quantity, price: formatCents(order.unitPriceCents) })}
                    </Text>
                    <Group gap="xs" align="baseline">
                      <Text fw={700} fz="lg" className={classes.amount}>
                        <Money cents={order.totalCents} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        ≈ {format(order.totalCents)}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              </Paper>

              {order.role === 'seller' && order.status === 'paid' && (
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ship-heading">
                  <Stack gap="sm">
                    <Group gap="xs">
                      <IconTruckDelivery size={20} aria-hidden />
                      <Title order={2} fz="h4" id="ship-heading">
                        {t('ship.title')}
                      </Title>
                      {order.urgent && (
                        <Badge color="red" variant="filled" size="sm">
                          {t('card.urgent')}
                        </Badge>
                      )}
                    </Group>
                    {order.shipDeadlineAt && (
                      <Text size="sm" c="dimmed">
                        {t('ship.deadline', { date: dateTime.format(order.shipDeadlineAt) })}
                      </Text>
                    )}
                    <ShipForm orderId={order.id} />
                  </Stack>
                </Paper>
              )}

              {isBuyer && order.status === 'shipped' && <ConfirmReceiptCard order={order} />}

              {/* the seller's ship form already asks for it; an empty card beside it says nothing */}
              {(order.deliveryInfo || isBuyer) && (
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="delivery-heading">
                  <Title order={2} fz="h5" id="delivery-heading" mb="xs">
                    {t('detail.delivery')}
                  </Title>
                  {order.deliveryInfo ? (
                    <Text size="sm" className={classes.deliveryText}>
                      {order.deliveryInfo}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('detail.deliveryPendingBuyer')}
                    </Text>
                  )}
                </Paper>
              )}

              {order.refund && <RefundStatus refund={order.refund} dateTime={dateTime} forBuyer={isBuyer} />}

              {order.tips.length > 0 && <OrderTips tips={order.tips} role={order.role} dateTime={dateTime} />}

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="times-heading">
                <Title order={2} fz="h5" id="times-heading" mb="xs">
                  {t('detail.timesTitle')}
                </Title>
                <dl className={classes.facts}>
                  {times
                    .filter((item) => item.at !== null)
                    .map((item) => (
                      <Row key={item.key} label={t(`detail.times.${item.key}`)} value={dateTime.format(item.at!)} />
                    ))}
                  <Row label={t('detail.orderId')} value={order.id} mono />
                </dl>
              </Paper>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Alert color="teal" variant="light" icon={<IconShieldCheck size={20} aria-hidden />} title={t('escrow.title')}>
                <Text size="sm">{t(`escrow.${escrowNote}`, { amount: formatCents(order.totalCents) })}</Text>
              </Alert>

              {order.status === 'shipped' && order.autoCompleteAt && <AutoConfirmNotice at={order.autoCompleteAt} dateTime={dateTime} />}

              {adminView ? (
                <>
                  <PartyCard headingId="buyer-heading" heading={t('detail.buyer')} party={order.buyer} />
                  <PartyCard headingId="seller-heading" heading={t('detail.seller')} party={order.seller} />
                </>
              ) : (
                <PartyCard headingId="party-heading" heading={isBuyer ? t('detail.seller') : t('detail.buyer')} party={counterparty} />
              )}

              {/* the parties' actions: an admin's view leaves them out (the server refuses them anyway) */}
              {!adminView && (
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="actions-heading">
                  <Title order={2} fz="h5" id="actions-heading" mb="sm">
                    {t('actions.title')}
                  </Title>
                  <Stack gap="xs">
                    <Button component={Link} to={contactLink} variant="default" leftSection={<IconMessageCircle size={16} aria-hidden />} justify="flex-start">
                      {isBuyer ? t('actions.contactSeller') : t('actions.contactBuyer')}
                    </Button>
                    {canRefund && (
                      <Button
                        variant="light"
                        color="orange"
                        leftSection={<IconReceiptRefund size={16} aria-hidden />}
                        justify="flex-start"
                        onClick={() => setRefundOpen(true)}
                      >
                        {t('actions.refund')}
                      </Button>
                    )}
                    {canTipOrReview && (
                      <>
                        {/* the review first: it is what the buyer owes the next buyer; a tip is extra */}
                        <Button variant="light" leftSection={<IconStar size={16} aria-hidden />} justify="flex-start" onClick={() => setReviewOpen(true)}>
                          {order.reviewedByMe ? t('actions.editReview') : t('actions.review')}
                        </Button>
                        <Button
                          variant="light"
                          color="yellow"
                          leftSection={<IconCoin size={16} aria-hidden />}
                          justify="flex-start"
                          onClick={() => setTipOpen(true)}
                        >
                          {tipped ? t('actions.tipAgain') : t('actions.tip')}
                        </Button>
                      </>
                    )}
                    {canComplain && (
                      <Button
                        variant="subtle"
                        color="red"
                        leftSection={<IconFlag size={16} aria-hidden />}
                        justify="flex-start"
                        onClick={() => setComplaintOpen(true)}
                      >
                        {t('actions.complain')}
                      </Button>
                    )}
                    {hasOpenComplaint && (
                      <Text size="sm" c="dimmed" data-testid="complaint-open-note">
                        {t('complaint.openNote')}
                      </Text>
                    )}
                  </Stack>
                  {order.myComplaints.length > 0 && (
                    <Stack gap={6} mt="md">
                      <Text size="xs" fw={600} c="dimmed">
                        {t('complaint.mine')}
                      </Text>
                      {order.myComplaints.map((complaint) => (
                        <Paper key={complaint.id} withBorder radius="sm" p="xs">
                          <Group justify="space-between" gap="xs" wrap="nowrap">
                            <Text size="sm">{t(`complaint.types.${complaint.type}`)}</Text>
                            <Badge size="sm" variant="light" color={complaint.status === 'resolved' ? 'teal' : 'yellow'}>
                              {t(`complaint.status.${complaint.status}`)}
                            </Badge>
                          </Group>
                          <Text size="xs" c="dimmed">
                            {dateTime.format(complaint.createdAt)}
                          </Text>
                          {complaint.adminResponse && (
                            <Text size="xs" mt={4} className={classes.deliveryText}>
                              {t('complaint.response', { text: complaint.adminResponse })}
                            </Text>
                          )}
                        </Paper>
                      ))}
                    </Stack>
                  )}
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      {canRefund && <RefundDialog orderId={order.id} totalCents={order.totalCents} opened={refundOpen} onClose={() => setRefundOpen(false)} />}
      {canComplain && <ComplaintDialog orderId={order.id} role={isBuyer ? 'buyer' : 'seller'} opened={complaintOpen} onClose={() => setComplaintOpen(false)} />}
      {canTipOrReview && (
        <>
          <TipDialog orderId={order.id} sellerNickname={order.seller.nickname} opened={tipOpen} onClose={() => setTipOpen(false)} />
          <ReviewDialog orderId={order.id} opened={reviewOpen} onClose={() => setReviewOpen(false)} />
        </>
      )}
    </Container>
  );
}

function PartyCard({ headingId, heading, party }: { headingId: string; heading: string; party: TOrderDetail['buyer'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h5" id={headingId} mb="xs">
        {heading}
      </Title>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={party.avatarUrl} name={party.nickname} radius="xl" />
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={`/profile/${party.id}`} size="sm" fw={600} truncate>
            {party.nickname}
          </Anchor>
          <CreditRating score={party.creditScore} />
        </Stack>
      </Group>
    </Paper>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" ff={mono ? 'monospace' : undefined} style={mono ? { overflowWrap: 'anywhere' } : undefined}>
        {value}
      </Text>
    </>
  );
}

/** Shipped orders confirm themselves on their auto-complete date (rule O-8, 7 days after shipping). */
function AutoConfirmNotice({ at, dateTime }: { at: Date; dateTime: Intl.DateTimeFormat }) {
  const { t } = useTranslation('orders');
  // read the clock once when the notice appears; a day-granular count need not tick
  const [now] = useState(() => Date.now());
  // whole days left, rounded up, so "1 day" still shows on the last afternoon
  const days = Math.max(0, Math.ceil((at.getTime() - now) / DAY_MS));
  return (
    <Alert color="blue" variant="light" icon={<IconClockHour4 size={20} aria-hidden />} title={t('autoConfirm.title')}>
      <Text size="sm">{t('autoConfirm.days', { count: days })}</Text>
      <Text size="sm">{t('autoConfirm.release', { date: dateTime.format(at) })}</Text>
    </Alert>
  );
}

function ConfirmReceiptCard({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation(['orders', 'errors']);
  const utils = trpc.useUtils();
  const confirmReceipt = trpc.orders.confirmReceipt.useMutation();

  const open = () => {
    // one key per attempt: a double click or a retry of this confirmation releases the USDN once
    const idempotencyKey = `receipt-${crypto.randomUUID()}`;
    modals.openConfirmModal({
      title: t('receipt.confirmTitle'),
      centered: true,
      children: <Text size="sm">{t('receipt.confirmBody', { amount: formatCents(order.totalCents), name: order.seller.nickname })}</Text>,
      labels: { confirm: t('receipt.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'teal' },
      onConfirm: () =>
        confirmReceipt.mutate(
          { orderId: order.id, idempotencyKey },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('receipt.done') });
              void invalidateOrder(utils, order.id);
            },
            onError: (error) => {
              notifications.show({ color: 'red', title: t('actionFailed'), message: errorMessage(error) });
              void invalidateOrder(utils, order.id);
            },
          },
        ),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="receipt-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCircleCheck size={20} aria-hidden />
          <Title order={2} fz="h4" id="receipt-heading">
            {t('receipt.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('receipt.hint', { amount: formatCents(order.totalCents) })}
        </Text>
        <Group justify="flex-end">
          <Button color="teal" onClick={open} loading={confirmReceipt.isPending} leftSection={<IconCircleCheck size={16} aria-hidden />}>
            {t('receipt.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RefundStatus({ refund, dateTime, forBuyer }: { refund: NonNullable<TOrderDetail['refund']>; dateTime: Intl.DateTimeFormat; forBuyer: boolean }) {
  const { t } = useTranslation('orders');
  const color = refund.status === 'approved' ? 'teal' : refund.status === 'rejected' ? 'red' : 'orange';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="refund-heading">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} fz="h5" id="refund-heading">
          {t('refund.statusTitle')}
        </Title>
        <Badge color={color} variant="light">
          {t(`refund.status.${refund.status}`)}
        </Badge>
      </Group>
      <dl className={classes.facts}>
        <Row label={t('refund.amount')} value={formatMoney(refund.amountCents)} />
        <Row label={t('refund.reason')} value={refund.reason} />
        <Row label={t('refund.requestedAt')} value={dateTime.format(refund.createdAt)} />
        {refund.processedAt && <Row label={t('refund.processedAt')} value={dateTime.format(refund.processedAt)} />}
        {refund.adminNotes && <Row label={t('refund.adminNotes')} value={refund.adminNotes} />}
      </dl>
      {/* why the refund action is gone after a rejection, and what is left (ADR 0029) */}
      {forBuyer && refund.status === 'rejected' && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="refund-once-per-order">
          {t('refund.oncePerOrder')}
        </Text>
      )}
    </Paper>
  );
}
