import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconHandFinger, IconHeart, IconListDetails, IconStar } from '@tabler/icons-react';
import classes from './home.module.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVE_BUYING_REQUEST_STATUSES, formatCents, type TBuyingRequestCard } from '@curio/shared';
import { useSession } from '../auth/use-session.ts';

function useBudgetText(request: TBuyingRequestCard): string {
  const { t } = useTranslation('home');
  const { budgetMinCents: min, budgetMaxCents: max } = request;
  if (min !== null && max !== null) return t('card.budgetRange', { min: formatCents(min), max: formatCents(max) });
  if (min !== null) return t('card.budgetFrom', { min: formatCents(min) });
  if (max !== null) return t('card.budgetUpTo', { max: formatCents(max) });
  return t('card.negotiable');
}

/**
 * Card of a buying request: budget, offer progress and the way to make an offer. In favourites
 * and likes the request may have stopped taking offers; its card then names its status where
 * make-offer would be. The requester's own card leads to their offers instead: the server refuses
 * an offer on one's own request (CANNOT_OFFER_OWN_REQUEST).
 */
export function BuyingRequestCard({ request }: { request: TBuyingRequestCard }) {
  const { t } = useTranslation(['home', 'buying']);
  const { user } = useSession();
  const own = user !== null && request.requesterId === user.id;
  const ended = request.status !== undefined && !(ACTIVE_BUYING_REQUEST_STATUSES as readonly string[]).includes(request.status);
  const budget = useBudgetText(request);
  const full = request.activeOffersCount >= request.maxOffersAllowed;
  const progress = Math.min(100, (request.activeOffersCount / request.maxOffersAllowed) * 100);
  const detail = `/buying-requests/${request.id}`;

  return (
    <Card withBorder padding="md" radius="lg" h="100%" data-testid="buying-request-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="violet" size="sm">
            {t('card.wanted')}
          </Badge>
          {request.category && (
            <Badge variant="outline" color="gray" size="sm">
              {t(`category.${request.category}`)}
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to={detail} c="inherit" fw={600} lineClamp={2} lh={1.35}>
          {request.title}
        </Anchor>
        <Text size="sm" fw={600} c="grape" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {budget}
        </Text>
        <Group gap={10} className={classes.stats} wrap="nowrap">
          {request.likesCount !== undefined && (
            <Group gap={3} wrap="nowrap" aria-label={t('card.likes', { count: request.likesCount })}>
              <IconHeart size={14} stroke={1.8} aria-hidden />
              <Text size="xs" c="dimmed" aria-hidden>
                {request.likesCount}
              </Text>
            </Group>
          )}
          {request.favoritesCount !== undefined && (
            <Group gap={3} wrap="nowrap" aria-label={t('card.favorites', { count: request.favoritesCount })}>
              <IconStar size={14} stroke={1.8} aria-hidden />
              <Text size="xs" c="dimmed" aria-hidden>
                {request.favoritesCount}
              </Text>
            </Group>
          )}
          {request.requesterNickname && (
            <Text size="xs" c="dimmed" truncate ml="auto">
              {request.requesterNickname}
            </Text>
          )}
        </Group>
        <Stack gap={4} mt="auto">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('card.offers')}
            </Text>
            <Text size="xs" c={full ? 'red' : 'dimmed'} fw={500}>
              {t('card.offersProgress', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
            </Text>
          </Group>
          <Progress
            value={progress}
            size="sm"
            color={full ? 'red' : 'grape'}
            aria-label={t('card.offersProgress', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
          />
        </Stack>
        {ended ? (
          <Button variant="default" size="xs" radius="xl" disabled fullWidth data-testid="request-card-ended">
            {t(`buying:status.${request.status}`)}
          </Button>
        ) : own ? (
          <Button
            component={Link}
            to="/buying-requests/my"
            variant="default"
            size="xs"
            radius="xl"
            fullWidth
            leftSection={<IconListDetails size={14} aria-hidden />}
            aria-label={t('card.manageOwnOn', { title: request.title })}
            data-testid="request-card-own"
          >
            {t('buying:detail.manageOffers')}
          </Button>
        ) : full ? (
          <Button variant="default" size="xs" radius="xl" disabled fullWidth>
            {t('card.offersFull')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={detail}
            variant="light"
            size="xs"
            radius="xl"
            fullWidth
            leftSection={<IconHandFinger size={14} aria-hidden />}
            aria-label={t('card.makeOfferOn', { title: request.title })}
          >
            {t('card.makeOffer')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
