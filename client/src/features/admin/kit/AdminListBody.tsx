import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { AdminPager } from '../kit/AdminPager.tsx';

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { items: T[]; total: number };
  refetch: () => unknown;
}

/**
 * Wide enough for a table beside the console's content column; below it (phones, small
 * tablets) the tabs show one card per row, so nothing is clipped or scrolled sideways.
 */
export function useWideLayout(): boolean {
  return useMediaQuery('(min-width: 48em)', true);
}

/**
 * The loading, failed, empty and paged states every admin list shares; `children` renders the
 * rows of a loaded, non-empty page.
 */
export function AdminListBody<T>({
  query,
  page,
  onPage,
  loadFailedText,
  emptyText,
  children,
}: {
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  /** The failure's title; "could not load this list" when absent. */
  loadFailedText?: string;
  /** What an empty page says; "nothing here yet" when absent. */
  emptyText?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return <LoadFailed title={loadFailedText ?? t('kit.loadFailed')} error={query.error} retryLabel={t('kit.retry')} onRetry={() => void query.refetch()} />;
  }
  const { items, total } = query.data;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText ?? t('kit.empty')}
        </Text>
      ) : (
        children(items)
      )}
      <AdminPager page={page} total={total} onChange={onPage} />
    </Stack>
  );
}

/**
 * A table cell's content that must not be squeezed: Mantine badges clip their label with an
 * ellipsis, and a table shrinks a column to its min-content, which for a badge is nearly nothing.
 */
export function Unsqueezed({ children }: { children: ReactNode }) {
  return <div style={{ width: 'max-content' }}>{children}</div>;
}
