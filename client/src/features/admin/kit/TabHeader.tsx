import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Each admin tab's heading: an h2 (the console page holds the h1), a dimmed line and actions on the right. */
export function TabHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
