import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconClock, IconEdit, IconEye, IconFlag, IconHandFinger, IconMessageCircle, IconShare, IconStar, IconTrash, IconUserOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, type TBuyingRequestDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useSession } from '../auth/use-session.ts';
import { useMemberGate } from '../social/use-member-gate.ts';
import { LikeButton } from '../social/LikeButton.tsx';
import { FavoriteButton } from '../social/FavoriteButton.tsx';
import { MakeOfferDialog } from '../offers/MakeOfferDialog.tsx';
import { useBudgetText } from './budget-text.ts';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';
import { RequesterCard } from './RequesterCard.tsx';
import { RequestImages } from './RequestImages.tsx';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { sessionVisitorKey } from '../listings/visitor-key.ts';

/** /buying-requests/:id (rule B-16). */
export function BuyingRequestDetailPage() {
  const { t } = useTranslation('buying');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = trpc.marketplace.buyingRequests.get.useQuery({ id }, { retry: false });
  const code = query.error ? appErrorOf(query.error).code : null;
  useDocumentTitle(query.data ? `${query.data.title} · ${BRAND}` : BRAND);

  useEffect(() => {
    if (code !== 'BUYING_REQUEST_NOT_FOUND' && code !== 'VALIDATION_FAILED') return;
    notifications.show({ id: 'request-not-found', color: 'red', message: t('detail.notFound') });
    void navigate('/', { replace: true });
  }, [code, navigate, t]);

  if (!query.data) {
    return (
      <Center py={120}>
        {query.error && code !== 'BUYING_REQUEST_NOT_FOUND' ? (
          <Stack align="center" gap="sm">
            <Text c="dimmed">{errorMessage(query.error)}</Text>
            <Button variant="light" radius="xl" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        ) : (
          <Loader aria-label={t('loading')} />
        )}
      </Center>
    );
  }
  return <RequestDetail request={query.data} />;
}

/** Counts this visit once per viewer and shows the new count at once. */
function useCountView(id: string) {
  const { isLoading } = useSession();
  const utils = trpc.useUtils();
  const record = trpc.marketplace.buyingRequests.recordView.useMutation({
    onSuccess: (result) => {
      utils.marketplace.buyingRequests.get.setData({ id }, (old) => (old ? { ...old, viewCount: result.viewCount } : old));
    },
  });
  const { mutate } = record;
  useEffect(() => {
    if (isLoading) return;
    const key = sessionVisitorKey();
    mutate({ id, ...(key ? { visitorKey: key } : {}) });
  }, [id, isLoading, mutate]);
}

function RequestDetail({ request }: { request: TBuyingRequestDetail }) {
  const { t, i18n } = useTranslation(['buying', 'home']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { isMember, sendToLogin } = useMemberGate();
  const remove = trpc.marketplace.buyingRequests.delete.useMutation();
  const [sharing, setSharing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [offering, setOffering] = useState(false);
  useCountView(request.id);

  const budget = useBudgetText(request.budgetMinCents, request.budgetMaxCents);
  const full = request.activeOffersCount >= request.maxOffersAllowed;
  const settled = ['deal_made', 'closed', 'expired', 'completed'].includes(request.status);
  const progress = Math.min(100, (request.activeOffersCount / request.maxOffersAllowed) * 100);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const isOwner = request.viewer.isOwner;

  const gated = (action: () => void) => () => (isMember ? action() : sendToLogin());
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('buying:delete.title'),
      children: <Text size="sm">{t('buying:delete.body')}</Text>,
      labels: { confirm: t('buying:delete.confirm'), cancel: t('buying:delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void (async () => {
          try {
            await remove.mutateAsync({ id: request.id });
            notifications.show({ color: 'teal', message: t('buying:delete.done') });
            await utils.marketplace.buyingRequests.mine.invalidate();
            void navigate('/buying-requests/my', { replace: true });
          } catch (error) {
            notifications.show({ color: 'red', title: t('buying:delete.failed'), message: errorMessage(error) });
          }
        })();
      },
    });

  const offerButtonLabel = request.viewer.myActiveOfferId
    ? t('buying:detail.offerMade')
    : settled
      ? t('buying:detail.offersClosed')
      : request.requesterSuspended
        ? t('buying:detail.offersPaused')
        : !request.acceptingOffers && full
          ? t('buying:detail.offersFull')
          : t('buying:detail.makeOffer');
  const canOffer = request.acceptingOffers && !request.viewer.myActiveOfferId;

  const actions = isOwner ? (
    <>
      <Button
        component={Link}
        to={`/edit-buying-request/${request.id}`}
        radius="xl"
        variant="light"
        leftSection={<IconEdit size={16} aria-hidden />}
        style={{ flex: 1 }}
      >
        {t('buying:detail.edit')}
      </Button>
      <Button radius="xl" variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} style={{ flex: 1 }}>
        {t('buying:detail.delete')}
      </Button>
    </>
  ) : (
    <>
      <Button
        radius="xl"
        variant="default"
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        onClick={gated(() => void navigate(`/messages?userId=${request.requester.id}`))}
        style={{ flex: 1 }}
      >
        {t('buying:detail.contact')}
      </Button>
      <Button
        radius="xl"
        leftSection={<IconHandFinger size={16} aria-hidden />}
        disabled={!canOffer}
        onClick={gated(() => setOffering(true))}
        style={{ flex: 1 }}
      >
        {offerButtonLabel}
      </Button>
    </>
  );

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }} pb={{ base: 96, sm: 'xl' }}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <RequestImages images={request.images} title={request.title} />
            <Box visibleFrom="md">
              <RequesterCard request={request} />
            </Box>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ wordBreak: 'break-word' }}>
                {request.title}
              </Title>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('buying:detail.share')}>
                  <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('buying:detail.share')} onClick={() => setSharing(true)}>
                    <IconShare size={18} />
                  </ActionIcon>
                </Tooltip>
                {!isOwner && (
                  <Tooltip label={t('buying:detail.report')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      radius="xl"
                      aria-label={t('buying:detail.report')}
                      onClick={gated(() => setReporting(true))}
                    >
                      <IconFlag size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="violet" size="sm">
                {t('home:card.wanted')}
              </Badge>
              {request.category && (
                <Badge variant="outline" color="gray" size="sm">
                  {t(`home:category.${request.category}`)}
                </Badge>
              )}
              <RequestStatusBadge status={request.status} />
            </Group>
            <Text fz={{ base: 'xl', sm: 26 }} fw={700} c="grape" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {budget}
            </Text>
            <Group gap="md">
              <Group gap={4}>
                <IconEye size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('buying:detail.views', { count: request.viewCount })}
                </Text>
              </Group>
              <Group gap={4}>
                <IconStar size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('buying:detail.favorites', { count: request.favoritesCount })}
                </Text>
              </Group>
            </Group>
            <Group gap="xs">
              <LikeButton target={{ kind: 'buyingRequest', id: request.id }} liked={request.viewer.liked} count={request.likesCount} />
              <FavoriteButton target={{ kind: 'buyingRequest', id: request.id }} favorited={request.viewer.favorited} count={request.favoritesCount} />
            </Group>

            <Paper withBorder radius="lg" p="md">
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {t('buying:detail.offerProgress')}
                  </Text>
                  <Text size="sm" c={full && !settled ? 'red' : 'dimmed'} fw={500}>
                    {settled
                      ? t('buying:detail.offersReceived', { count: request.offerCount })
                      : t('home:card.offersProgress', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
                  </Text>
                </Group>
                {/* a settled request has no open slots left to show: the bar would read as empty */}
                {!settled && (
                  <Progress
                    value={progress}
                    color={full ? 'red' : 'grape'}
                    aria-label={t('home:card.offersProgress', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
                  />
                )}
                {/* the requester is banned: the request stays readable (rule A-18), but nobody offers (ADR 0042) */}
                {request.requesterSuspended && !isOwner && !settled && (
                  <Alert color="yellow" variant="light" p="xs" role="status" icon={<IconUserOff size={18} aria-hidden />}>
                    <Text size="sm">{t('buying:detail.requesterSuspended')}</Text>
                  </Alert>
                )}
                {request.viewer.myActiveOfferId && (
                  <Anchor component={Link} to="/buying-requests/offers" size="sm">
                    {t('buying:detail.seeMyOffer')}
                  </Anchor>
                )}
                {isOwner && (
                  <Anchor component={Link} to="/buying-requests/my" size="sm">
                    {t('buying:detail.manageOffers')}
                  </Anchor>
                )}
              </Stack>
            </Paper>

            <Group gap="sm" visibleFrom="sm" wrap="nowrap">
              {actions}
            </Group>

            <Box hiddenFrom="md">
              <RequesterCard request={request} />
            </Box>

            <Stack gap={6}>
              <Text fw={600}>{t('buying:detail.description')}</Text>
              <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{request.description}</Text>
            </Stack>
            {request.tags.length > 0 && (
              <Group gap={6}>
                {request.tags.map((tag) => (
                  <Badge key={tag} variant="default" radius="sm" tt="none" fw={500}>
                    {tag}
                  </Badge>
                ))}
              </Group>
            )}
            <Stack gap={4}>
              <Group gap={6}>
                <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('buying:detail.published', { date: dateFormat.format(request.createdAt) })}
                </Text>
              </Group>
              {request.expiresAt && (
                <Group gap={6}>
                  <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Text size="xs" c={request.status === 'expired' ? 'red' : 'dimmed'}>
                    {t('buying:detail.expires', { date: dateFormat.format(request.expiresAt) })}
                  </Text>
                </Group>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper
        hiddenFrom="sm"
        withBorder
        shadow="md"
        py="sm"
        px="sm"
        radius={0}
        // the floating support button rises above a bar marked like this (layout.module.css)
        data-page-action-bar
        style={{ position: 'fixed', left: 0, right: 0, bottom: 'var(--app-shell-footer-offset, 0rem)', zIndex: 140 }}
      >
        <Group gap="sm" wrap="nowrap">
          {actions}
        </Group>
      </Paper>

      <ShareDialog opened={sharing} onClose={() => setSharing(false)} heading={t('share.title')} url={window.location.href} title={request.title} />
      <ReportDialog requestId={request.id} opened={reporting} onClose={() => setReporting(false)} />
      {/* the requester edits or deletes instead; the server refuses an offer on one's own request */}
      {!isOwner && <MakeOfferDialog request={request} opened={offering} onClose={() => setOffering(false)} />}
    </Container>
  );
}
