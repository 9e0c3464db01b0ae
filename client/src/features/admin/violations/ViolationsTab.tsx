import { Chip, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIOLATION_FILTERS, type TAdminViolationFilter } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { StatCards } from '../kit/StatCards.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { ViolationCard } from './ViolationCard.tsx';

/**
 * Rules AD-15 and AD-16: four summary cards, the filter tabs, and one card per violation with the
 * decisions an unreviewed one offers.
 */
export function ViolationsTab() {
  const { t } = useTranslation(['admin-people', 'admin']);
  const list = useAdminList();
  const [filter, setFilter] = list.choice<TAdminViolationFilter>('filter', VIOLATION_FILTERS, 'all');
  const stats = trpc.admin.violations.stats.useQuery();
  const violations = trpc.admin.violations.list.useQuery({ ...list.input, filter }, { placeholderData: keepPreviousData });

  const top = stats.data?.topTypes ?? [];
  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.violations')} description={t('violations.description')} />
      <StatCards
        items={[
          { label: t('violations.stats.total'), value: stats.data?.total ?? '–', testId: 'violations-total' },
          { label: t('violations.stats.unreviewed'), value: stats.data?.unreviewed ?? '–', color: 'orange', testId: 'violations-unreviewed' },
          { label: t('violations.stats.today'), value: stats.data?.today ?? '–', testId: 'violations-today' },
          {
            label: t('violations.stats.top'),
            value:
              top.length === 0 ? (
                '–'
              ) : (
                <Stack gap={0}>
                  {top.map((entry) => (
                    <Text key={entry.type} fw={700} fz="sm" lh={1.5}>
                      {t(`violations.types.${entry.type}`)} · {entry.count}
                    </Text>
                  ))}
                </Stack>
              ),
            testId: 'violations-top',
          },
        ]}
      />
      <AdminSearchField listState={list} placeholder={t('violations.searchPlaceholder')} aria-label={t('violations.searchPlaceholder')} maw={420} />
      <Chip.Group value={filter} onChange={(value) => setFilter(value)}>
        <Group gap={6} role="group" aria-label={t('violations.filterLabel')}>
          {VIOLATION_FILTERS.map((key) => (
            <Chip key={key} value={key} size="sm">
              {key === 'all' ? t('admin:kit.all') : key === 'unreviewed' ? t('admin:status.unreviewed') : t(`violations.types.${key}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <AdminListBody query={violations} page={list.page} onPage={list.setPage} loadFailedText={t('violations.loadFailed')} emptyText={t('violations.empty')}>
        {(items) => (
          <Stack gap="sm">
            {items.map((violation) => (
              <ViolationCard key={violation.id} violation={violation} />
            ))}
          </Stack>
        )}
      </AdminListBody>
    </Stack>
  );
}
