import { Center, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** What a list says when it has nothing yet: a dimmed icon, a title and a hint. */
export function EmptyList({ icon: ListIcon, title, hint, py = 80 }: { icon: Icon; title: string; hint: string; py?: number }) {
  return (
    <Center py={py}>
      <Stack align="center" gap="xs">
        <ListIcon size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}
