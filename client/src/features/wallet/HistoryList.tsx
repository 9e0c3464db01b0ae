import type { ReactNode } from 'react';
import { Center, Divider, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error.ts';

interface ListQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isLoading: boolean;
}

/** A bordered list of records with loading, error and empty states. */
export function HistoryList<T>({ query, empty, render }: { query: ListQuery<T>; empty: string; render: (row: T) => ReactNode }) {
  const { t } = useTranslation('wallet');
  let body: ReactNode;
  if (query.error)
    body = (
      <Text c="red" size="sm">
        {errorMessage(query.error)}
      </Text>
    );
  else if (!query.data) body = <Loader size="sm" aria-label={t('loading')} />;
  else if (query.data.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  if (body) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Center>{body}</Center>
      </Paper>
    );
  }
  const rows = query.data ?? [];
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Stack key={index} gap="sm">
            {index > 0 && <Divider />}
            {render(row)}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
