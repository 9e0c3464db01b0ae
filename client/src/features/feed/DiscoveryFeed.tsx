import { Alert, Button, Center, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconMoodEmpty, IconPlus, IconRefresh, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FEED_PAGE_DEFAULT, LIMITS, type TFeedItem } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { BuyingRequestCard } from '../home/BuyingRequestCard.tsx';
import { ListingCardSkeleton } from '../home/CardSkeletons.tsx';
import { ListingCard } from '../home/ListingCard.tsx';
import { DEFAULT_FEED_FILTERS, hasActiveFilters } from './feed-filters.ts';
import { FeedControls } from './FeedControls.tsx';
import { useFeedFilters } from './use-feed-filters.ts';

/** Rule F-1: 2 to 5 columns by screen width. */
export const FEED_COLUMNS = { base: 2, sm: 3, md: 4, lg: 5 };
const FEED_SPACING = { base: 'sm', sm: 'md' };

const itemKey = (item: TFeedItem) => (item.kind === 'listing' ? `l:${item.listing.id}` : `r:${item.request.id}`);

/**
 * The discovery feed: filters in the URL, one merged server-side order, keyset pages behind
 * "load more". A count sort can move an item between pages while someone browses (ADR 0010),
 * so items already shown are not shown twice.
 */
export function DiscoveryFeed() {
  const { t } = useTranslation('feed');
  const { filters, update } = useFeedFilters();
  const feed = trpc.marketplace.feed.page.useInfiniteQuery(
    { q: filters.q || undefined, type: filters.type, category: filters.category, sort: filters.sort, limit: FEED_PAGE_DEFAULT },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

  useEffect(() => {
    // a failed feed load is logged; the screen offers a retry
    if (feed.error) console.error('loading the discovery feed failed', feed.error);
  }, [feed.error]);

  const items = useMemo(() => {
    const seen = new Set<string>();
    return (feed.data?.pages ?? []).flatMap((page) =>
      page.items.filter((item) => {
        const key = itemKey(item);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
  }, [feed.data]);

  const filtered = hasActiveFilters(filters);
  const resetFilters = () => update(DEFAULT_FEED_FILTERS);

  let body;
  if (feed.isPending) {
    body = (
      <SimpleGrid cols={FEED_COLUMNS} spacing={FEED_SPACING} aria-busy aria-label={t('loading')}>
        {Array.from({ length: LIMITS.feedSkeletons }, (_, i) => (
          <ListingCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (feed.isError && items.length === 0) {
    body = (
      <EmptyState py="xl" variant="light" icon={<IconAlertTriangle size={28} />} title={t('loadFailed')} description={t('loadFailedHint')}>
        <EmptyState.Actions>
          <Button radius="xl" leftSection={<IconRefresh size={16} />} onClick={() => void feed.refetch()}>
            {t('retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = filtered ? (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconSearchOff size={28} />}
        title={filters.q ? t('emptySearch', { q: filters.q }) : t('emptyFiltered')}
        description={t('emptyFilteredHint')}
      >
        <EmptyState.Actions>
          <Button variant="default" radius="xl" leftSection={<IconFilterOff size={16} />} onClick={resetFilters}>
            {t('clearFilters')}
          </Button>
          <Button component={Link} to="/create?tab=buying" radius="xl" leftSection={<IconPlus size={16} />}>
            {t('postRequest')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState py="xl" variant="light" icon={<IconMoodEmpty size={28} />} title={t('empty')} description={t('emptyHint')}>
        <EmptyState.Actions>
          <Button component={Link} to="/create" radius="xl" leftSection={<IconPlus size={16} />}>
            {t('publish')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={FEED_COLUMNS} spacing={FEED_SPACING}>
          {items.map((item) =>
            item.kind === 'listing' ? (
              <ListingCard key={itemKey(item)} listing={item.listing} />
            ) : (
              <BuyingRequestCard key={itemKey(item)} request={item.request} />
            ),
          )}
        </SimpleGrid>
        {feed.isFetchNextPageError && (
          <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={18} />} title={t('loadMoreFailed')}>
            <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void feed.fetchNextPage()}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        <Center>
          {feed.hasNextPage ? (
            <Button variant="light" radius="xl" size="md" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('end')}
            </Text>
          )}
        </Center>
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="md" aria-labelledby="feed-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} id="feed-title" size="h3" lineClamp={1} style={{ wordBreak: 'break-all' }}>
            {filters.q ? t('resultsTitle', { q: filters.q }) : t('title')}
          </Title>
          {!filters.q && (
            <Text size="sm" c="dimmed">
              {t('subtitle')}
            </Text>
          )}
        </div>
      </Group>
      <FeedControls filters={filters} onChange={update} />
      <div aria-live="polite">{body}</div>
    </Stack>
  );
}
