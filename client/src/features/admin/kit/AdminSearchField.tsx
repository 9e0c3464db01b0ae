import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { useAdminList } from './use-admin-list.ts';

interface AdminSearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  /** The list's search state: typing goes back to page 1, the query follows debounced. */
  listState: Pick<ReturnType<typeof useAdminList>, 'search' | 'setSearch'>;
}

/** The search box of an admin list, bound to its useAdminList state; label, width and test id come from the tab. */
export function AdminSearchField({ listState, ...props }: AdminSearchFieldProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={listState.search}
      onChange={(event) => listState.setSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
