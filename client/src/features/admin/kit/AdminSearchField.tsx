import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useAdminList } from './use-admin-list.ts';

interface AdminSearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  /** The list's search state: typing goes back to page 1, the query follows debounced. */
  listState: Pick<ReturnType<typeof useAdminList>, 'search' | 'setSearch'>;
}

/** The search box of an admin list, bound to its useAdminList state: labelled "Search" and growing to fill its row unless the tab says otherwise. */
export function AdminSearchField({ listState, ...props }: AdminSearchFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <TextInput
      label={t('kit.search')}
      style={{ flex: '1 1 220px' }}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={listState.search}
      onChange={(event) => listState.setSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
