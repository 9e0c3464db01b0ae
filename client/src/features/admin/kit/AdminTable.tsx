import { Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableTh } from './SortableTh.tsx';
import type { AdminSortState } from './use-admin-list.ts';

export interface AdminColumn<T, S extends string = never> {
  key: string;
  /** The server sort this column's heading toggles (with AdminTable's `sort`). */
  sort?: S;
  label: string;
  render: (row: T) => ReactNode;
  /** Keeps a short cell on one line and whole in the desktop table (amounts, dates, badges). */
  nowrap?: boolean;
  /** A floor for a text column's width in the desktop table, so names are not cut to a few letters. */
  minWidth?: number;
  /** On phones, the card's bold heading (an order title, a member) instead of a labelled line. */
  inTitle?: boolean;
}

/**
 * The console's request and record lists: a table on wide screens that scrolls sideways rather
 * than squeezing its columns; on phones each row becomes a card of label/value lines with the
 * actions underneath, so nothing is clipped at 390 px.
 */
export function AdminTable<T, S extends string = never>({
  rows,
  columns,
  rowKey,
  rowTestId,
  actions,
  loading,
  minWidth = 960,
  testId,
  sort,
}: {
  rows: T[] | undefined;
  columns: AdminColumn<T, S>[];
  rowKey: (row: T) => string;
  /** data-testid of each row; `<testId>-row` when absent. */
  rowTestId?: (row: T) => string;
  /** Buttons for one row; null when it can no longer be acted on. */
  actions?: (row: T) => ReactNode;
  loading?: boolean;
  minWidth?: number;
  testId: string;
  /** The list's sort (useAdminList's sortState): headings of columns with `sort` become buttons. */
  sort?: AdminSortState<S>;
}) {
  const { t } = useTranslation('admin');
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (loading || !rows) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" size="sm">
        {t('kit.empty')}
      </Text>
    );
  }
  if (!wide) {
    return (
      <Stack gap="sm" data-testid={testId}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="sm" data-testid={rowTestId?.(row) ?? `${testId}-row`}>
            <Stack gap={6}>
              {columns
                .filter((column) => column.inTitle)
                .map((column) => (
                  <Text key={column.key} component="div" fw={700} size="sm" lineClamp={2}>
                    {column.render(row)}
                  </Text>
                ))}
              {columns
                .filter((column) => !column.inTitle)
                .map((column) => (
                  <Group key={column.key} justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {column.label}
                    </Text>
                    <Stack gap={0} align="flex-end" style={{ minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Stack>
                  </Group>
                ))}
              <CardActions actions={actions?.(row)} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sort && sort ? (
                <SortableTh key={column.key} column={column.sort} state={sort}>
                  {column.label}
                </SortableTh>
              ) : (
                <Table.Th key={column.key} style={{ whiteSpace: 'nowrap', minWidth: column.minWidth }}>
                  {column.label}
                </Table.Th>
              ),
            )}
            {actions && <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('kit.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row) ?? `${testId}-row`}>
              {columns.map((column) => (
                <Table.Td key={column.key} style={column.nowrap ? undefined : { overflowWrap: 'anywhere' }}>
                  {/* max-content: a badge or amount keeps its full width instead of being squeezed into an
                      ellipsis; a div carries min-width, which browsers ignore on table cells */}
                  <div style={column.nowrap ? { width: 'max-content' } : { minWidth: column.minWidth }}>{column.render(row)}</div>
                </Table.Td>
              ))}
              {actions && (
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CardActions({ actions }: { actions: ReactNode }) {
  if (actions === null || actions === undefined || actions === false) return null;
  return (
    <Group justify="flex-end" gap="xs" pt={4}>
      {actions}
    </Group>
  );
}
