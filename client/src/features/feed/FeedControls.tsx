import { Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEED_CATEGORIES, FEED_SORTS, FEED_TYPES } from '@curio/shared';
import type { FeedFilters } from './feed-filters.ts';
import classes from './feed.module.css';
import { FeedSearchInput } from './FeedSearchInput.tsx';

/** Rule F-1: a search box and the type, category and sort selects. */
export function FeedControls({ filters, onChange }: { filters: FeedFilters; onChange: (patch: Partial<FeedFilters>) => void }) {
  const { t } = useTranslation('feed');
  const select = {
    allowDeselect: false,
    checkIconPosition: 'right',
    radius: 'xl',
    size: 'sm',
    comboboxProps: { shadow: 'md' },
    rightSectionWidth: 28,
    classNames: { input: classes.selectInput },
  } as const;

  return (
    <Stack gap="sm" role="search" aria-label={t('controlsLabel')}>
      <Group gap="sm" wrap="wrap" align="center">
        <FeedSearchInput value={filters.q} onSearch={(q) => onChange({ q })} />
        <SimpleGrid cols={3} spacing="xs" w={{ base: '100%', md: 480 }}>
          <Select
            {...select}
            aria-label={t('typeLabel')}
            value={filters.type}
            data={FEED_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            onChange={(value) => value && onChange({ type: value })}
          />
          <Select
            {...select}
            aria-label={t('categoryLabel')}
            value={filters.category}
            data={FEED_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            onChange={(value) => value && onChange({ category: value })}
          />
          <Select
            {...select}
            aria-label={t('sortLabel')}
            value={filters.sort}
            data={FEED_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            onChange={(value) => value && onChange({ sort: value })}
          />
        </SimpleGrid>
      </Group>
    </Stack>
  );
}
