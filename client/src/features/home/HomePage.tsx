import { Container, Stack } from '@mantine/core';
import { DiscoveryFeed } from '../feed/DiscoveryFeed.tsx';
import { HomeHero } from './HomeHero.tsx';

/** Home, / (rule F-1): a slim tagline banner above the discovery feed. */
export function HomePage() {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <HomeHero />
        <DiscoveryFeed />
      </Stack>
    </Container>
  );
}
