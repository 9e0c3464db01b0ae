import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCard {
  label: string;
  value: ReactNode;
  /** A Mantine colour for the number, e.g. 'orange' for something waiting. */
  color?: string;
  testId?: string;
}

/** The row of summary cards most admin tabs open with (rules AD-15, AD-18 and AD-22). */
export function StatCards({ items }: { items: StatCard[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: Math.min(items.length, 5) }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="sm" data-testid={item.testId}>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.label}
          </Text>
          <Text fw={700} fz="xl" c={item.color} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
