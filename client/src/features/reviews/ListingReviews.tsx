import { Avatar, Badge, Center, Group, Image, Loader, Paper, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReview, TReviewSentiment, TReviewSummary } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import classes from './reviews.module.css';
import { LoadMore } from '../../components/LoadMore.tsx';
import { LoadFailed } from '../layout/LoadFailed.tsx';

const SENTIMENT_COLOR: Record<TReviewSentiment, string> = { positive: 'teal', neutral: 'gray', negative: 'red' };

function ReviewSummary({ summary }: { summary: TReviewSummary }) {
  const { t } = useTranslation('reviews');
  const average = summary.averageRating ?? 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="review-summary">
      <Group gap="lg" wrap="wrap">
        <Stack gap={0} align="center">
          <Text fz={32} fw={700} lh={1.1}>
            {average.toFixed(1)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('summary.outOf')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Rating value={average} fractions={10} readOnly aria-label={t('summary.starsAria', { rating: average.toFixed(1) })} />
          <Group gap="xs">
            <Text size="sm">{t('summary.count', { count: summary.count })}</Text>
            {summary.positiveShare !== null && (
              <Badge variant="light" color="teal" radius="sm" tt="none">
                {t('summary.positiveShare', { percent: Math.round(summary.positiveShare * 100) })}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function ReviewCard({ review }: { review: TReview }) {
  const { t, i18n } = useTranslation('reviews');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(review.createdAt);
  return (
    <Stack gap={6} className={classes.review} data-testid="review">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={review.reviewer.avatarUrl} name={review.reviewer.nickname} radius="xl" size="md" />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>
              {review.reviewer.nickname}
            </Text>
            <Text size="xs" c="dimmed">
              {when}
              {review.edited ? ` · ${t('edited')}` : ''}
            </Text>
          </Stack>
        </Group>
        <Badge variant="light" color={SENTIMENT_COLOR[review.sentiment]} radius="sm" tt="none">
          {t(`sentiment.${review.sentiment}`)}
        </Badge>
      </Group>
      <Rating value={review.rating} readOnly size="sm" aria-label={t('summary.starsAria', { rating: review.rating })} />
      <Text size="sm" className={classes.content}>
        {review.content}
      </Text>
      {review.images.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" maw={360}>
          {review.images.map((image, index) => (
            <a key={image.key} href={image.url} target="_blank" rel="noreferrer" className={classes.imageLink}>
              <Image src={image.url} alt={t('imageAlt', { number: index + 1, name: review.reviewer.nickname })} radius="sm" className={classes.thumb} />
            </a>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Purchase-reviews tab of the listing page (rule S-21): summary and the reviews, newest first. */
export function ListingReviews({ listingId }: { listingId: string }) {
  const { t } = useTranslation('reviews');
  const query = trpc.marketplace.reviews.byListing.useInfiniteQuery({ listingId }, { getNextPageParam: (page) => page.nextCursor ?? undefined });

  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return <LoadFailed title={t('failed.load')} error={query.error ?? undefined} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const summary = query.data.pages[0]!.summary;
  const reviews = query.data.pages.flatMap((page) => page.items);
  if (summary.count === 0) {
    return (
      <Center py="xl" px="md" data-testid="reviews-empty">
        <Text c="dimmed" size="sm" ta="center">
          {t('empty')}
        </Text>
      </Center>
    );
  }
  return (
    <Stack gap="md" pt="md" data-testid="listing-reviews">
      <ReviewSummary summary={summary} />
      <Stack gap={0}>
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </Stack>
      <LoadMore query={query} label={t('loadMore')} variant="default" size="sm" />
    </Stack>
  );
}
