import { Button, Container, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { BuyingRequestCard } from './BuyingRequestCard.tsx';
import { BuyingRequestCardSkeleton, ListingCardSkeleton } from './CardSkeletons.tsx';
import { HomeHero } from './HomeHero.tsx';
import { ListingCard } from './ListingCard.tsx';

const LISTING_COLUMNS = { base: 2, sm: 3, md: 4, lg: 5 };
const REQUEST_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };
const LATEST_LIMIT = 20;
const REQUEST_SKELETONS = 4;

function Section({ id, title, subtitle, action, children }: { id: string; title: string; subtitle: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack component="section" gap="md" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2} id={id} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </div>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** Home (spec 1 §2): hero, newest listings and open buying requests. The searchable feed comes later. */
export function HomePage() {
  const { t } = useTranslation('home');
  const latest = trpc.marketplace.latest.useQuery({ limit: LATEST_LIMIT });

  useEffect(() => {
    // spec 1 §8: a failed feed load is logged; the empty state below offers a retry
    if (latest.error) console.error('loading the latest listings failed', latest.error);
  }, [latest.error]);

  const retry = latest.isError ? (
    <Button variant="light" radius="xl" leftSection={<IconRefresh size={16} />} onClick={() => void latest.refetch()}>
      {t('retry')}
    </Button>
  ) : null;

  const listings = latest.data?.listings ?? [];
  const requests = latest.data?.buyingRequests ?? [];

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={40}>
        <HomeHero />

        <Section
          id="home-latest"
          title={t('latest.title')}
          subtitle={t('latest.subtitle')}
          action={
            <Button component={Link} to="/create" variant="subtle" radius="xl" size="sm" leftSection={<IconPlus size={16} />}>
              {t('latest.publish')}
            </Button>
          }
        >
          {latest.isPending ? (
            <SimpleGrid cols={LISTING_COLUMNS} spacing={{ base: 'sm', sm: 'md' }} aria-busy>
              {Array.from({ length: LIMITS.feedSkeletons }, (_, i) => (
                <ListingCardSkeleton key={i} />
              ))}
            </SimpleGrid>
          ) : listings.length > 0 ? (
            <SimpleGrid cols={LISTING_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
              {listings.map((listing) => (
                <ListingCard key={listing.id} listing={listing} />
              ))}
            </SimpleGrid>
          ) : (
            <EmptyState
              py="xl"
              variant="light"
              icon={<IconMoodEmpty size={28} />}
              title={latest.isError ? t('loadFailed') : t('latest.empty')}
              description={latest.isError ? t('loadFailedHint') : t('latest.emptyHint')}
            >
              <EmptyState.Actions>
                {retry ?? (
                  <Button component={Link} to="/create" radius="xl" leftSection={<IconPlus size={16} />}>
                    {t('latest.publish')}
                  </Button>
                )}
              </EmptyState.Actions>
            </EmptyState>
          )}
        </Section>

        <Section
          id="home-requests"
          title={t('requests.title')}
          subtitle={t('requests.subtitle')}
          action={
            <Button component={Link} to="/create?tab=buying" variant="subtle" radius="xl" size="sm" leftSection={<IconPlus size={16} />}>
              {t('requests.post')}
            </Button>
          }
        >
          {latest.isPending ? (
            <SimpleGrid cols={REQUEST_COLUMNS} spacing={{ base: 'sm', sm: 'md' }} aria-busy>
              {Array.from({ length: REQUEST_SKELETONS }, (_, i) => (
                <BuyingRequestCardSkeleton key={i} />
              ))}
            </SimpleGrid>
          ) : requests.length > 0 ? (
            <SimpleGrid cols={REQUEST_COLUMNS} spacing={{ base: 'sm', sm: 'md' }}>
              {requests.map((request) => (
                <BuyingRequestCard key={request.id} request={request} />
              ))}
            </SimpleGrid>
          ) : latest.isError ? null : (
            <EmptyState py="lg" icon={<IconMoodEmpty size={28} />} title={t('requests.empty')} description={t('requests.emptyHint')}>
              <EmptyState.Actions>
                <Button component={Link} to="/create?tab=buying" variant="light" radius="xl">
                  {t('requests.post')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )}
        </Section>
      </Stack>
    </Container>
  );
}
