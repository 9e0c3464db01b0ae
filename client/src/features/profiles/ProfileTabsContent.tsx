import { Anchor, Avatar, Button, Card, Center, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHeart, IconMoodEmpty, IconStar, IconUsers, type Icon } from '@tabler/icons-react';
import { EmptyList } from '../../components/EmptyList.tsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TListingCard, TMyBuyingRequest, TMySocialItems } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { LoadFailed } from '../layout/LoadFailed.tsx';
import { ListingCard } from '../home/ListingCard.tsx';
import { BuyingRequestCard } from '../home/BuyingRequestCard.tsx';
import { FollowButton } from '../social/FollowButton.tsx';
import { FavoriteButton } from '../social/FavoriteButton.tsx';
import { LikeButton } from '../social/LikeButton.tsx';
import { RequestStatusBadge } from '../buying-requests/RequestStatusBadge.tsx';
import { useBudgetText } from '../buying-requests/budget-text.ts';
import { LoadMore } from '../../components/LoadMore.tsx';

const LISTING_COLUMNS = { base: 2, sm: 3, md: 4 };
const REQUEST_COLUMNS = { base: 1, xs: 2, md: 3 };

function Loading() {
  const { t } = useTranslation('profiles');
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('loading')} />
    </Center>
  );
}

/** A tab's query failed: its reason and a retry. */
function TabLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('profiles');
  return <LoadFailed title={t('loadFailed')} error={error} retryLabel={t('retry')} onRetry={onRetry} />;
}

/** A member's listings (marketplace.listings.bySeller): all of them for the owner, on-sale ones for others. */
export function ListingsTab({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const { t } = useTranslation('profiles');
  const query = trpc.marketplace.listings.bySeller.useInfiniteQuery({ userId }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  if (query.isPending) return <Loading />;
  if (query.isError) return <TabLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyList icon={IconMoodEmpty} title={t('listings.empty')}>
        {isOwn && (
          <Button component={Link} to="/create" radius="xl">
            {t('listings.publish')}
          </Button>
        )}
      </EmptyList>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={LISTING_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
        {items.map((listing) => (
          <ListingCard key={listing.id} listing={listing} viewerIsSeller={isOwn} />
        ))}
      </SimpleGrid>
      <LoadMore query={query} label={t('loadMore')} />
    </Stack>
  );
}

type SocialRelation = 'favorite' | 'like';

/**
 * On a taken-down listing the buy action gives way to the button that took it into this list:
 * its page is gone, so this is where the member takes it back.
 */
function TakeBackButton({ relation, listing }: { relation: SocialRelation; listing: TListingCard }) {
  const { t } = useTranslation('social');
  const target = { kind: 'listing', id: listing.id } as const;
  return relation === 'favorite' ? (
    <FavoriteButton target={target} favorited count={listing.favoritesCount} size="xs" fullWidth label={t('favorite.takeBack')} />
  ) : (
    <LikeButton target={target} liked count={listing.likesCount} size="xs" fullWidth label={t('like.takeBack')} />
  );
}

function SocialItems({ items, relation, emptyTitle, emptyIcon }: { items: TMySocialItems; relation: SocialRelation; emptyTitle: string; emptyIcon: Icon }) {
  const { t } = useTranslation('profiles');
  if (items.listings.length === 0 && items.buyingRequests.length === 0) {
    return (
      <EmptyList icon={emptyIcon} title={emptyTitle}>
        <Button component={Link} to="/" variant="light" radius="xl">
          {t('browse')}
        </Button>
      </EmptyList>
    );
  }
  return (
    <Stack gap="lg">
      {items.listings.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('social.listings', { count: items.listings.length })}
          </Title>
          <SimpleGrid cols={LISTING_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
            {items.listings.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                action={listing.status === 'unavailable' ? <TakeBackButton relation={relation} listing={listing} /> : undefined}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {items.buyingRequests.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('social.buyingRequests', { count: items.buyingRequests.length })}
          </Title>
          <SimpleGrid cols={REQUEST_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
            {items.buyingRequests.map((request) => (
              <BuyingRequestCard key={request.id} request={request} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

export function FavoritesTab() {
  const { t } = useTranslation('profiles');
  const query = trpc.marketplace.social.myFavorites.useQuery();
  if (query.isPending) return <Loading />;
  if (query.isError) return <TabLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <SocialItems items={query.data} relation="favorite" emptyTitle={t('social.noFavorites')} emptyIcon={IconStar} />;
}

export function LikesTab() {
  const { t } = useTranslation('profiles');
  const query = trpc.marketplace.social.myLikes.useQuery();
  if (query.isPending) return <Loading />;
  if (query.isError) return <TabLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <SocialItems items={query.data} relation="like" emptyTitle={t('social.noLikes')} emptyIcon={IconHeart} />;
}

/** The users the member follows, each with a link to their profile and an unfollow button. */
export function FollowingTab() {
  const { t, i18n } = useTranslation('profiles');
  const query = trpc.marketplace.social.myFollowing.useQuery();
  if (query.isPending) return <Loading />;
  if (query.isError) return <TabLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return <EmptyList icon={IconUsers} title={t('following.empty')} />;
  }
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Stack gap="xs" component="ul" p={0} m={0}>
      {query.data.map((user) => (
        <Paper key={user.userId} withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={user.avatarUrl} alt="" radius="xl" color="initials" name={user.nickname} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/profile/${user.userId}`} fw={600} size="sm" truncate>
                  {user.nickname}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('following.since', { date: dateFormat.format(user.followedAt) })}
                </Text>
              </Stack>
            </Group>
            <FollowButton userId={user.userId} following size="xs" />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Curio center "buying" tab (rule S-1): the member's own buying requests as a grid. */
export function BuyingRequestsTab() {
  const { t } = useTranslation('profiles');
  const query = trpc.marketplace.buyingRequests.mine.useQuery();
  if (query.isPending) return <Loading />;
  if (query.isError) return <TabLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyList icon={IconMoodEmpty} title={t('buying.empty')}>
        <Button component={Link} to="/create?tab=buying" radius="xl">
          {t('buying.post')}
        </Button>
      </EmptyList>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={REQUEST_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
        {query.data.map((request) => (
          <OwnBuyingRequestCard key={request.id} request={request} />
        ))}
      </SimpleGrid>
      <Center>
        <Anchor component={Link} to="/buying-requests/my" size="sm">
          {t('buying.manage')}
        </Anchor>
      </Center>
    </Stack>
  );
}

/**
 * The owner's view of one of their buying requests: status, budget and offers, leading to the
 * request (the feed card's "make an offer" button makes no sense to its own requester).
 */
function OwnBuyingRequestCard({ request }: { request: TMyBuyingRequest }) {
  const { t, i18n } = useTranslation('buying');
  const budget = useBudgetText(request.budgetMinCents, request.budgetMaxCents);
  const full = request.activeOffersCount >= request.maxOffersAllowed;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card withBorder radius="lg" padding="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <RequestStatusBadge status={request.status} />
          <Text size="xs" c="dimmed">
            {dateFormat.format(request.createdAt)}
          </Text>
        </Group>
        <Anchor component={Link} to={`/buying-requests/${request.id}`} c="inherit" fw={600} lineClamp={2}>
          {request.title}
        </Anchor>
        <Text size="sm" fw={600} c="grape">
          {budget}
        </Text>
        <Stack gap={4} mt="auto">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('my.activeOffers', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('my.totalOffers', { count: request.offerCount })}
            </Text>
          </Group>
          <Progress value={Math.min(100, (request.activeOffersCount / request.maxOffersAllowed) * 100)} color={full ? 'red' : 'grape'} size="sm" />
        </Stack>
      </Stack>
    </Card>
  );
}
