import { SegmentedControl, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useAdminList } from './use-admin-list.ts';

type ListRestart = Pick<ReturnType<typeof useAdminList>, 'restart'>;

/**
 * Segments over an admin list's statuses, "all" among them (rule AD-6). Choosing one starts the
 * list again from page 1, so a page number never outlives the filter it was counted under.
 */
export function AdminStatusSegments<S extends string>({
  list,
  filters,
  value,
  onChange,
  testId,
}: {
  list: ListRestart;
  filters: readonly S[];
  value: S;
  onChange: (value: S) => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => {
        onChange(next);
        list.restart();
      }}
      data={filters.map((filter) => ({ value: filter, label: filter === 'all' ? t('kit.all') : t(`status.${filter as string}`) }))}
      data-testid={testId}
    />
  );
}

/** A clearable select over an admin list's statuses (cleared means all); choosing starts again from page 1. */
export function AdminStatusSelect<S extends string>({
  list,
  statuses,
  value,
  onChange,
  label,
  placeholder,
  w,
  labelOf,
}: {
  list: ListRestart;
  statuses: readonly S[];
  /** The status's name; by default the console's own (admin:status.*). */
  labelOf?: (status: S) => string;
  value: S | null;
  onChange: (value: S | null) => void;
  label?: string;
  placeholder?: string;
  w: SelectProps['w'];
}) {
  const { t } = useTranslation('admin');
  return (
    <Select
      w={w}
      label={label ?? t('kit.status')}
      placeholder={placeholder ?? t('kit.allStatuses')}
      clearable
      data={statuses.map((status) => ({ value: status, label: labelOf ? labelOf(status) : t(`status.${status as string}`) }))}
      value={value}
      onChange={(next) => {
        onChange(next);
        list.restart();
      }}
    />
  );
}
