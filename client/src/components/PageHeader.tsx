import { Stack, Text, Title } from '@mantine/core';

/** The heading block every form and list page opens with: one h1 and a dimmed line under it. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
