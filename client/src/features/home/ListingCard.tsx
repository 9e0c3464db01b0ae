import { Badge, Box, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHeart, IconPhoto, IconSparkles, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type TListingCard } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { rewardHintPoints } from './reward-hint.ts';
import classes from './home.module.css';

/** Feed card of a listing (rule F-6); the whole card links to its detail page. */
export function ListingCard({ listing }: { listing: TListingCard }) {
  const { t } = useTranslation('home');
  const { format } = useDisplayCurrency();
  const sold = listing.soldOut ?? listing.status === 'sold';
  const reward = rewardHintPoints(listing.priceCents);
  const struck = listing.originalPriceCents !== null && listing.originalPriceCents > listing.priceCents ? listing.originalPriceCents : null;

  return (
    <Card component={Link} to={`/listing/${listing.id}`} withBorder padding="sm" radius="lg" className={classes.card}>
      <Card.Section className={classes.cover}>
        {listing.coverUrl ? (
          <img src={listing.coverUrl} alt="" loading="lazy" className={classes.coverImage} />
        ) : (
          <div className={classes.coverPlaceholder}>
            <IconPhoto size={40} stroke={1.2} aria-hidden />
          </div>
        )}
        <Badge className={classes.categoryBadge} size="sm" variant="white" color="dark">
          {t(`category.${listing.category}`)}
        </Badge>
        {sold && <div className={classes.soldOverlay}>{t('card.soldOut')}</div>}
      </Card.Section>

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} size="sm" lineClamp={2} lh={1.35}>
          {listing.title}
        </Text>
        <Box>
          <Group gap={6} align="baseline" wrap="wrap">
            <Text className={classes.price} size="md">
              <Text span size="xs" fw={600} mr={3}>
                USDN
              </Text>
              {formatCents(listing.priceCents)}
            </Text>
            {struck !== null && (
              <Text size="xs" c="dimmed" td="line-through" aria-label={t('card.originalPrice', { amount: formatCents(struck) })}>
                {formatCents(struck)}
              </Text>
            )}
          </Group>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {t('card.approx', { amount: format(listing.priceCents) })}
            </Text>
            {reward > 0 && (
              <Tooltip label={t('card.rewardTooltip', { count: reward })}>
                <Badge
                  size="sm"
                  variant="light"
                  color="orange"
                  tt="none"
                  style={{ flexShrink: 0 }}
                  leftSection={<IconSparkles size={11} aria-hidden />}
                  aria-label={t('card.rewardTooltip', { count: reward })}
                >
                  {t('card.reward', { points: reward })}
                </Badge>
              </Tooltip>
            )}
          </Group>
        </Box>
        <Group gap={10} mt="auto" className={classes.stats} wrap="nowrap">
          <Group gap={3} wrap="nowrap" aria-label={t('card.likes', { count: listing.likesCount })}>
            <IconHeart size={14} stroke={1.8} aria-hidden />
            <Text size="xs" c="dimmed" aria-hidden>
              {listing.likesCount}
            </Text>
          </Group>
          <Group gap={3} wrap="nowrap" aria-label={t('card.favorites', { count: listing.favoritesCount })}>
            <IconStar size={14} stroke={1.8} aria-hidden />
            <Text size="xs" c="dimmed" aria-hidden>
              {listing.favoritesCount}
            </Text>
          </Group>
          {listing.sellerNickname !== null && (
            <Text size="xs" c="dimmed" truncate ml="auto">
              {listing.sellerNickname}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
