import { Anchor, Box, Center, Container, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVE_BUYING_REQUEST_STATUSES, BRAND, type TMyOffer } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { RequestStatusBadge } from '../buying-requests/RequestStatusBadge.tsx';
import { OfferCard } from './OfferCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmptyList } from '../../components/EmptyList.tsx';

type Filter = 'active' | 'all';

function isActiveOffer(offer: TMyOffer): boolean {
  return offer.status === 'pending' || offer.status === 'negotiating';
}

/** /buying-requests/offers: the seller's own offers with status, history, withdraw and counter (rule B-15). */
export function MyOffersPage() {
  const { t } = useTranslation('offers');
  const { user } = useRequireMember();
  const mine = trpc.marketplace.offers.mine.useQuery(undefined, { enabled: user !== null });
  const [filter, setFilter] = useState<Filter>('active');
  useDocumentTitle(`${t('mine.title')} · ${BRAND}`);
  const offers = (mine.data ?? []).filter((offer) => filter === 'all' || isActiveOffer(offer));

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <PageHeader title={t('mine.title')} subtitle={t('mine.subtitle')} />
          <SegmentedControl
            radius="xl"
            value={filter}
            onChange={(value) => setFilter(value)}
            data={[
              { value: 'active', label: t('mine.active') },
              { value: 'all', label: t('mine.all') },
            ]}
          />
        </Group>
        {!user || !mine.data ? (
          <Center py={80}>{mine.error ? <Text c="dimmed">{errorMessage(mine.error)}</Text> : <Loader aria-label={t('loading')} />}</Center>
        ) : offers.length === 0 ? (
          <EmptyList icon={IconInbox} title={t('mine.empty')} hint={t('mine.emptyHint')} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {offers.map((offer) => (
              <Stack key={offer.id} gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={`/buying-requests/${offer.request.id}`} fw={600} size="sm" lineClamp={1}>
                    {offer.request.title}
                  </Anchor>
                  <Box style={{ flexShrink: 0 }}>
                    <RequestStatusBadge status={offer.request.status} size="xs" />
                  </Box>
                </Group>
                <OfferCard
                  offer={offer}
                  viewerId={user.id}
                  requestActive={(ACTIVE_BUYING_REQUEST_STATUSES as readonly string[]).includes(offer.request.status)}
                />
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
