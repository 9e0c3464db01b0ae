import { SegmentedControl, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Segments over an admin list's statuses, "all" among them (rule AD-6). The value is a filter
 * kept in the URL (useAdminList's `choice`), whose change starts the list again from page 1.
 */
export function AdminStatusSegments<S extends string>({
  filters,
  value,
  onChange,
  testId,
}: {
  filters: readonly S[];
  value: S;
  onChange: (value: S) => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => onChange(next)}
      data={filters.map((filter) => ({ value: filter, label: filter === 'all' ? t('kit.all') : t(`status.${filter as string}`) }))}
      data-testid={testId}
    />
  );
}

/** A clearable select over an admin list's statuses (cleared means all), kept in the URL like the segments. */
export function AdminStatusSelect<S extends string>({
  statuses,
  value,
  onChange,
  label,
  placeholder,
  w,
  labelOf,
}: {
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
      onChange={(next) => onChange(next)}
    />
  );
}
