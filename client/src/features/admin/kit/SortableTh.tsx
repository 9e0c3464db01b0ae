import { Table, UnstyledButton, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AdminSortState } from './use-admin-list.ts';

/**
 * A column heading that sorts the table by its column (useAdminList's sortState): a click sorts,
 * a second click turns the order round. aria-sort tells a screen reader which column sorts how.
 */
export function SortableTh<S extends string>({ column, state, children, ta }: { column: S; state: AdminSortState<S>; children: ReactNode; ta?: 'right' }) {
  const active = state.sort === column;
  const Icon = !active ? IconArrowsSort : state.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'} ta={ta}>
      <UnstyledButton onClick={() => state.toggle(column)} fw={700} fz="sm" data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={ta === 'right' ? 'flex-end' : undefined}>
          {children}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45, flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
