import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSortState } from './use-admin-list.ts';

/**
 * On phones the cards have no column headings to click: the same sorts as a select, each column
 * both ways. `fallback` is what a list without `sort` in the URL is ordered by. By default a
 * `createdAt` column reads "newest / oldest first" and any other (an amount) "highest / lowest
 * first" after its heading, `columnLabel`.
 */
export function AdminSortSelect<S extends string>({
  sort,
  columns,
  fallback,
  columnLabel,
  label,
  labelOf,
}: {
  sort: AdminSortState<S>;
  columns: readonly S[];
  fallback: S;
  columnLabel?: (column: S) => string;
  label?: string;
  labelOf?: (column: S, direction: 'asc' | 'desc') => string;
}) {
  const { t } = useTranslation('admin');
  const optionLabel =
    labelOf ??
    ((column: S, direction: 'asc' | 'desc') =>
      column === 'createdAt'
        ? t(direction === 'desc' ? 'kit.sorts.newest' : 'kit.sorts.oldest')
        : t(direction === 'desc' ? 'kit.sorts.highFirst' : 'kit.sorts.lowFirst', { column: columnLabel?.(column) ?? column }));
  const options = columns.flatMap((column) =>
    (['desc', 'asc'] as const).map((direction) => ({ value: `${column}:${direction}`, label: optionLabel(column, direction) })),
  );
  return (
    <Select
      label={label ?? t('kit.sortLabel')}
      data={options}
      value={`${sort.sort ?? fallback}:${sort.direction}`}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        const [column, direction] = value.split(':') as [S, 'asc' | 'desc'];
        sort.set(column === fallback && direction === 'desc' ? null : column, direction);
      }}
      w={{ base: '100%', xs: 220 }}
      data-testid="admin-sort"
    />
  );
}
