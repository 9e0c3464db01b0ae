import { Group, Text } from '@mantine/core';
import { BRAND } from '@curio/shared';

/** The Curio "C with a gem" mark (same drawing as the favicon) with the brand name. */
export function BrandMark({ size = 44 }: { size?: number }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="center">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-grape-7)" />
        <path d="M40 20a14 14 0 1 0 0 24" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
        <circle cx="44" cy="32" r="4" fill="var(--mantine-color-yellow-4)" />
      </svg>
      <Text component="span" fz={size * 0.6} fw={800} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {BRAND}
      </Text>
    </Group>
  );
}
