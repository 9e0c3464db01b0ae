import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from './use-admin-list.ts';

/** "N results" and, when there is more than one page, the page picker under an admin list. */
export function AdminPager({
  page,
  total,
  onChange,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
  pageSize?: number;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('kit.results', { count: total })}
      </Text>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={onChange} />}
    </Group>
  );
}
