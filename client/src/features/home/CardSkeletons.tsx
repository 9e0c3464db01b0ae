import { Card, Skeleton, Stack } from '@mantine/core';

/** Placeholder shaped like a listing card while the feed loads. */
export function ListingCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="lg" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius={0} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton height={12} />
        <Skeleton height={12} width="70%" />
        <Skeleton height={18} width="50%" mt={4} />
        <Skeleton height={10} width="40%" />
        <Skeleton height={30} radius="xl" mt={4} />
      </Stack>
    </Card>
  );
}

/** Placeholder shaped like a buying-request card. */
export function BuyingRequestCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="lg" aria-hidden>
      <Stack gap={10}>
        <Skeleton height={16} width={60} radius="xl" />
        <Skeleton height={14} />
        <Skeleton height={14} width="60%" />
        <Skeleton height={8} mt="sm" />
        <Skeleton height={26} radius="xl" />
      </Stack>
    </Card>
  );
}
