import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconEdit,
  IconEye,
  IconFlag,
  IconMessages,
  IconShare,
  IconShieldCheck,
  IconShieldOff,
  IconStars,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, formatCents, type TListingDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useSession } from '../auth/use-session.ts';
import { useMemberGate } from '../social/use-member-gate.ts';
import { LikeButton } from '../social/LikeButton.tsx';
import { FavoriteButton } from '../social/FavoriteButton.tsx';
import { ListingCard } from '../home/ListingCard.tsx';
import { ImageGallery } from './ImageGallery.tsx';
import { SellerCard } from './SellerCard.tsx';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { sessionVisitorKey } from './visitor-key.ts';
import { PurchasePanel } from '../orders/PurchasePanel.tsx';
import { ListingComments } from '../comments/ListingComments.tsx';
import { ListingReviews } from '../reviews/ListingReviews.tsx';
import classes from './listing.module.css';

/** Counts this visit once per listing and page load; the server dedupes per viewer anyway. */
function useRecordView(id: string | undefined, ready: boolean) {
  const utils = trpc.useUtils();
  const recordView = trpc.marketplace.listings.recordView.useMutation();
  const recorded = useRef<string | null>(null);
  const { isLoading, user } = useSession();
  useEffect(() => {
    if (!id || !ready || isLoading || recorded.current === id) return;
    recorded.current = id;
    const visitorKey = user ? undefined : sessionVisitorKey();
    if (!user && !visitorKey) return;
    recordView.mutate(
      { id, ...(visitorKey ? { visitorKey } : {}) },
      {
        onSuccess: ({ counted, viewCount }) => {
          if (counted) utils.marketplace.listings.get.setData({ id }, (old) => (old ? { ...old, viewCount } : old));
        },
      },
    );
  }, [id, ready, isLoading, user, recordView, utils]);
}

/** /listing/:id and /listings/:id: every element of rules L-12 and L-13. */
export function ListingDetailPage() {
  const { t } = useTranslation('listing');
  const { id } = useParams<{ id: string }>();
  const listing = trpc.marketplace.listings.get.useQuery({ id: id ?? '' }, { enabled: Boolean(id), retry: false });
  useDocumentTitle(listing.data ? `${listing.data.title} · ${BRAND}` : BRAND);
  useRecordView(id, listing.isSuccess);

  if (listing.isLoading) {
    return (
      <Center py={120}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (!listing.data) {
    // a malformed id in the address is as missing as a deleted listing
    const notFound = ['LISTING_NOT_FOUND', 'VALIDATION_FAILED', 'NOT_FOUND'].includes(appErrorOf(listing.error).code);
    return (
      <Container size="sm" py={80}>
        <Stack align="center" gap="md">
          <IconAlertTriangle size={48} stroke={1.3} aria-hidden />
          <Title order={1} fz="h3" ta="center">
            {notFound ? t('notFound.title') : t('loadFailed')}
          </Title>
          <Text c="dimmed" ta="center">
            {notFound ? t('notFound.hint') : errorMessage(listing.error)}
          </Text>
          <Button component={Link} to="/">
            {t('backHome')}
          </Button>
        </Stack>
      </Container>
    );
  }
  return <ListingDetail listing={listing.data} />;
}

function ListingDetail({ listing }: { listing: TListingDetail }) {
  const { t, i18n } = useTranslation(['listing', 'errors']);
  const { format } = useDisplayCurrency();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const gate = useMemberGate();
  const [shareOpen, setShareOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const remove = trpc.marketplace.listings.delete.useMutation();
  const recommendations = trpc.marketplace.listings.recommendations.useQuery({ id: listing.id });

  const { isOwner } = listing.viewer;
  const soldOut = listing.status === 'sold' || listing.quantity === 0;
  const struck = listing.originalPriceCents !== null && listing.originalPriceCents > listing.priceCents ? listing.originalPriceCents : null;
  const published = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(listing.createdAt);
  const shareUrl = `${window.location.origin}/listing/${listing.id}`;
  const categoryLabel = t(`listing:category.${listing.category}`);
  const unitLabel = t(`listing:units.${listing.unit}`);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('listing:delete.title'),
      children: <Text size="sm">{t('listing:delete.body', { title: listing.title })}</Text>,
      labels: { confirm: t('listing:delete.confirm'), cancel: t('listing:delete.cancel') },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () =>
        remove.mutate(
          { id: listing.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('listing:delete.done') });
              void utils.marketplace.invalidate();
              void navigate('/', { replace: true });
            },
            onError: (error) => notifications.show({ color: 'red', title: t('listing:delete.failed'), message: errorMessage(error) }),
          },
        ),
    });

  const openChat = () => {
    if (!gate.isMember) return gate.sendToLogin();
    const params = new URLSearchParams({ listing_id: listing.id });
    if (listing.seller) params.set('seller_id', listing.seller.id);
    void navigate(`/messages?${params.toString()}`);
  };

  const openReport = () => (gate.isMember ? setReportOpen(true) : gate.sendToLogin());

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'sm', sm: 'lg' }}>
      <Breadcrumbs separatorMargin={6} mb="md" className={classes.breadcrumbs}>
        <Anchor component={Link} to="/" size="sm">
          {t('listing:breadcrumb.home')}
        </Anchor>
        <Anchor component={Link} to={`/?category=${listing.category}`} size="sm">
          {categoryLabel}
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={{ base: 160, sm: 420 }} aria-current="page">
          {listing.title}
        </Text>
      </Breadcrumbs>

      {isOwner && listing.reviewStatus && listing.reviewStatus !== 'approved' && (
        <Alert color={listing.reviewStatus === 'rejected' ? 'red' : 'blue'} variant="light" mb="md" role="status">
          {t(`listing:review.${listing.reviewStatus}`)}
        </Alert>
      )}

      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ImageGallery images={listing.images} title={listing.title} />
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} className={classes.title}>
                {listing.title}
              </Title>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('listing:share.open')}>
                  <ActionIcon variant="default" radius="xl" size="lg" onClick={() => setShareOpen(true)} aria-label={t('listing:share.open')}>
                    <IconShare size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                {!isOwner && (
                  <Tooltip label={t('listing:report.open')}>
                    <ActionIcon variant="default" radius="xl" size="lg" onClick={openReport} aria-label={t('listing:report.open')}>
                      <IconFlag size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>

            <Group gap={6}>
              <Badge variant="light" color="grape">
                {categoryLabel}
              </Badge>
              {listing.warrantyDays > 0 ? (
                <Badge variant="light" color="teal" leftSection={<IconShieldCheck size={12} aria-hidden />}>
                  {t('listing:badges.warranty', { count: listing.warrantyDays })}
                </Badge>
              ) : (
                <Badge variant="light" color="gray" leftSection={<IconShieldOff size={12} aria-hidden />}>
                  {t('listing:badges.noWarranty')}
                </Badge>
              )}
              {soldOut && (
                <Badge variant="filled" color="dark">
                  {t('listing:badges.sold')}
                </Badge>
              )}
              {listing.status === 'unavailable' && (
                <Badge variant="filled" color="red">
                  {t('listing:badges.unavailable')}
                </Badge>
              )}
            </Group>

            <Paper radius="lg" p="md" className={classes.priceBox}>
              <Group gap="sm" align="baseline" wrap="wrap">
                <Text className={classes.price}>
                  <Text span fz="sm" fw={700} mr={4}>
                    USDN
                  </Text>
                  {formatCents(listing.priceCents)}
                </Text>
                {struck !== null && (
                  <Text c="dimmed" td="line-through" aria-label={t('listing:price.original', { amount: formatCents(struck) })}>
                    {formatCents(struck)}
                  </Text>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t('listing:price.approx', { amount: format(listing.priceCents) })}
              </Text>
            </Paper>

            <Group gap="xs" wrap="wrap">
              <LikeButton target={{ kind: 'listing', id: listing.id }} liked={listing.viewer.liked} count={listing.likesCount} />
              <FavoriteButton target={{ kind: 'listing', id: listing.id }} favorited={listing.viewer.favorited} count={listing.favoritesCount} />
              <Group gap={4} ml="auto" c="dimmed" aria-label={t('listing:stats.views', { count: listing.viewCount })}>
                <IconEye size={16} aria-hidden />
                <Text size="sm" aria-hidden>
                  {listing.viewCount}
                </Text>
              </Group>
            </Group>

            <Box component="dl" className={classes.facts}>
              <Fact label={t('listing:facts.quantity')} value={t('listing:facts.quantityValue', { count: listing.quantity, unit: unitLabel })} />
              <Fact
                label={t('listing:facts.unitPrice')}
                value={t('listing:facts.unitPriceValue', { amount: formatCents(listing.priceCents), unit: unitLabel })}
              />
              <Fact label={t('listing:facts.category')} value={categoryLabel} />
              <Fact label={t('listing:facts.published')} value={published} />
            </Box>

            <Divider />

            {isOwner ? (
              <Group gap="sm" grow>
                <Button component={Link} to={`/edit-listing/${listing.id}`} variant="light" leftSection={<IconEdit size={16} aria-hidden />}>
                  {t('listing:owner.edit')}
                </Button>
                <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} loading={remove.isPending}>
                  {t('listing:owner.delete')}
                </Button>
              </Group>
            ) : (
              <PurchasePanel listing={listing} soldOut={soldOut} onChat={openChat} />
            )}

            <SellerCard seller={listing.seller} followingSeller={listing.viewer.followingSeller} showFollow={!isOwner && !listing.isAnonymous} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mt="xl" component="section" aria-labelledby="listing-description">
        <Title order={2} fz="h4" id="listing-description" mb="sm">
          {t('listing:description')}
        </Title>
        <Text className={classes.description}>{listing.description}</Text>
        {listing.tags.length > 0 && (
          <Group gap={6} mt="md" aria-label={t('listing:tags')}>
            {listing.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none" radius="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>

      <Tabs defaultValue="comments" mt="xl" variant="outline" radius="md">
        <Tabs.List>
          <Tabs.Tab value="comments" leftSection={<IconMessages size={16} aria-hidden />}>
            {t('listing:tabs.comments')}
          </Tabs.Tab>
          <Tabs.Tab value="reviews" leftSection={<IconStars size={16} aria-hidden />}>
            {t('listing:tabs.reviews')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="comments">
          <ListingComments listing={listing} />
        </Tabs.Panel>
        <Tabs.Panel value="reviews">
          <ListingReviews listingId={listing.id} />
        </Tabs.Panel>
      </Tabs>

      <Box component="section" mt="xl" aria-labelledby="you-may-like">
        <Title order={2} fz="h4" id="you-may-like" mb="md">
          {t('listing:recommendations.title')}
        </Title>
        {recommendations.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('listing:loading')} />
          </Center>
        ) : recommendations.data && recommendations.data.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            {recommendations.data.map((card) => (
              <ListingCard key={card.id} listing={card} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed" size="sm">
            {t('listing:recommendations.empty')}
          </Text>
        )}
      </Box>

      <ShareDialog opened={shareOpen} onClose={() => setShareOpen(false)} heading={t('share.title')} url={shareUrl} title={listing.title} />
      {!isOwner && <ReportDialog opened={reportOpen} onClose={() => setReportOpen(false)} listingId={listing.id} />}
    </Container>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {value}
      </Text>
    </>
  );
}
