import { Anchor, Badge, Center, EmptyState, Group, Image, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconEyeOff, IconHeart, IconMoodEmpty, IconPackage, IconReceipt, IconStar, IconStarFilled, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, formatMoney, type TActivity, type TActivityType } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { LoadMore } from '../../components/LoadMore.tsx';

const ICONS: Record<TActivityType, { icon: Icon; color: string }> = {
  publish_listing: { icon: IconPackage, color: 'blue' },
  publish_buying_request: { icon: IconClipboardList, color: 'violet' },
  order_complete: { icon: IconReceipt, color: 'teal' },
  review: { icon: IconStarFilled, color: 'orange' },
  like_listing: { icon: IconHeart, color: 'red' },
  like_buying_request: { icon: IconHeart, color: 'red' },
  favorite_listing: { icon: IconStar, color: 'yellow' },
  favorite_buying_request: { icon: IconStar, color: 'yellow' },
};

/** Where an activity leads: the listing or buying request it is about. */
function targetOf(activity: TActivity): string | null {
  switch (activity.type) {
    case 'publish_listing':
    case 'like_listing':
    case 'favorite_listing':
      return activity.relatedId ? `/listing/${activity.relatedId}` : null;
    case 'publish_buying_request':
    case 'like_buying_request':
    case 'favorite_buying_request':
      return activity.relatedId ? `/buying-requests/${activity.relatedId}` : null;
    case 'order_complete':
    case 'review':
      return activity.data.listing_id ? `/listing/${activity.data.listing_id}` : null;
  }
}

function useActivityDetail(activity: TActivity): string | null {
  const { t } = useTranslation('profiles');
  const { data } = activity;
  if (data.price !== undefined) return formatMoney(data.price);
  if (data.amount !== undefined) return formatMoney(data.amount);
  const min = data.budget_min ?? null;
  const max = data.budget_max ?? null;
  if (activity.type === 'publish_buying_request' || min !== null || max !== null) {
    if (min !== null && max !== null) return t('activity.budgetRange', { min: formatCents(min), max: formatCents(max) });
    if (min !== null) return t('activity.budgetFrom', { min: formatCents(min) });
    if (max !== null) return t('activity.budgetUpTo', { max: formatCents(max) });
    return t('activity.negotiable');
  }
  return null;
}

function ActivityRow({ activity }: { activity: TActivity }) {
  const { t, i18n } = useTranslation('profiles');
  const { icon: TypeIcon, color } = ICONS[activity.type];
  const to = targetOf(activity);
  const title = activity.data.title ?? activity.data.listing_title ?? t('activity.untitled');
  const action =
    activity.type === 'order_complete'
      ? t(activity.data.role === 'seller' ? 'activity.type.order_complete_seller' : 'activity.type.order_complete_buyer')
      : t(`activity.type.${activity.type}`);
  const detail = useActivityDetail(activity);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(activity.createdAt);

  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} radius="xl" size="lg" aria-hidden>
          <TypeIcon size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed">
              {action}
            </Text>
            {!activity.isVisible && (
              <Badge size="xs" variant="outline" color="gray" tt="none" leftSection={<IconEyeOff size={10} aria-hidden />}>
                {t('activity.onlyYou')}
              </Badge>
            )}
          </Group>
          {to ? (
            <Anchor component={Link} to={to} fw={600} size="sm" lineClamp={2}>
              {title}
            </Anchor>
          ) : (
            <Text fw={600} size="sm" lineClamp={2}>
              {title}
            </Text>
          )}
          <Group gap="xs">
            {detail && (
              <Text size="xs" fw={600} c="grape" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {detail}
              </Text>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={activity.createdAt.toISOString()}>
              {when}
            </Text>
          </Group>
        </Stack>
        {activity.data.image && <Image src={activity.data.image} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
      </Group>
    </Paper>
  );
}

/** The activities tab: newest first, 20 at a time; hidden ones only ever reach their owner. */
export function ActivityList({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const query = trpc.marketplace.profiles.activities.useInfiniteQuery({ userId, limit: 20 }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return <EmptyState py="xl" icon={<IconMoodEmpty size={28} />} title={t('loadFailed')} description={errorMessage(query.error)} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState py="xl" icon={<IconMoodEmpty size={28} />} title={t('activity.empty')} />;
  }
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0}>
        {items.map((activity) => (
          <ActivityRow key={activity.id} activity={activity} />
        ))}
      </Stack>
      <LoadMore query={query} label={t('loadMore')} />
    </Stack>
  );
}
