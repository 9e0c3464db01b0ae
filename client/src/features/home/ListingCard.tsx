import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconHeart, IconPhoto, IconShoppingCart, IconShoppingCartOff, IconSparkles, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, type TListingCard } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useSession } from '../auth/use-session.ts';
import { rewardHintPoints } from './reward-hint.ts';
import classes from './home.module.css';

export interface ListingCardProps {
  listing: TListingCard;
  /** The viewer is the seller (their own listings tab): no buy action, and a taken-down card still opens. */
  viewerIsSeller?: boolean;
  /** Replaces the buy action, e.g. the favourite button that takes a taken-down listing back. */
  action?: ReactNode;
}

/**
 * A listing as a card (rule F-6): the title links to its page and the link covers the whole
 * card; a sold listing shows the sold-out overlay and a disabled buy action. A listing taken
 * down (only ever in a member's favourites or likes, or the seller's own tab) is marked
 * unavailable in place and, for anyone but its seller, leads nowhere: its page is gone for them.
 */
export function ListingCard({ listing, viewerIsSeller, action }: ListingCardProps) {
  const { t } = useTranslation('home');
  const { format } = useDisplayCurrency();
  const { user } = useSession();
  const sold = listing.soldOut ?? listing.status === 'sold';
  const unavailable = listing.status === 'unavailable';
  const isSeller = viewerIsSeller ?? (user !== null && listing.sellerId === user.id);
  const linked = !unavailable || isSeller;
  const reward = rewardHintPoints(listing.priceCents);
  const struck = listing.originalPriceCents !== null && listing.originalPriceCents > listing.priceCents ? listing.originalPriceCents : null;
  const detail = `/listing/${listing.id}`;
  // the buy action is read as "Buy", described by the title, so the title alone names the card's link
  const titleId = useId();

  let buy: ReactNode;
  if (action !== undefined) buy = action;
  else if (isSeller) buy = null;
  else if (unavailable || sold) {
    buy = (
      <Button
        variant="default"
        size="xs"
        radius="xl"
        fullWidth
        disabled
        leftSection={unavailable ? <IconBan size={14} aria-hidden /> : <IconShoppingCartOff size={14} aria-hidden />}
      >
        {t(unavailable ? 'card.unavailable' : 'card.soldOut')}
      </Button>
    );
  } else {
    buy = (
      <Button
        component={Link}
        to={detail}
        variant="light"
        color="red"
        size="xs"
        radius="xl"
        fullWidth
        leftSection={<IconShoppingCart size={14} aria-hidden />}
        aria-describedby={titleId}
      >
        {t('card.buy')}
      </Button>
    );
  }

  return (
    <Card withBorder padding="sm" radius="lg" className={classes.card} data-linked={linked || undefined} data-status={listing.status}>
      <Card.Section className={classes.cover}>
        {listing.coverUrl ? (
          <img src={listing.coverUrl} alt="" loading="lazy" className={classes.coverImage} />
        ) : (
          <div className={classes.coverPlaceholder}>{!sold && !unavailable && <IconPhoto size={40} stroke={1.2} aria-hidden />}</div>
        )}
        <Badge className={classes.categoryBadge} size="sm" variant="white" color="dark">
          {t(`category.${listing.category}`)}
        </Badge>
        {unavailable ? (
          <div className={classes.soldOverlay}>{t('card.unavailable')}</div>
        ) : (
          sold && <div className={classes.soldOverlay}>{t('card.soldOut')}</div>
        )}
      </Card.Section>

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {linked ? (
          <Anchor
            id={titleId}
            component={Link}
            to={detail}
            c="inherit"
            underline="never"
            fw={600}
            size="sm"
            lineClamp={2}
            lh={1.35}
            className={classes.cardLink}
          >
            {listing.title}
          </Anchor>
        ) : (
          <Text id={titleId} fw={600} size="sm" lineClamp={2} lh={1.35}>
            {listing.title}
          </Text>
        )}
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
                  className={classes.aboveCardLink}
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
        {buy !== null && <div className={classes.aboveCardLink}>{buy}</div>}
      </Stack>
    </Card>
  );
}
