import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useAdminList } from './use-admin-list.ts';

type ListDates = Pick<ReturnType<typeof useAdminList>, 'dates' | 'setDates'>;

/**
 * From and to day of an admin list (both inclusive, in the admin's own days), kept in the URL
 * with the rest of the list. The browser's own date fields: keyboard, locale and phone pickers
 * come with them.
 */
export function AdminDateRange({ list, label }: { list: ListDates; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={label} style={{ flex: '0 1 auto' }}>
      <TextInput
        type="date"
        label={t('kit.from')}
        value={list.dates.from}
        max={list.dates.to || undefined}
        onChange={(event) => list.setDates(event.currentTarget.value, list.dates.to)}
        w={150}
        data-testid="date-from"
      />
      <TextInput
        type="date"
        label={t('kit.to')}
        value={list.dates.to}
        min={list.dates.from || undefined}
        onChange={(event) => list.setDates(list.dates.from, event.currentTarget.value)}
        w={150}
        data-testid="date-to"
      />
    </Group>
  );
}
