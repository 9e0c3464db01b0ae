import { Group, Text, Tooltip, VisuallyHidden, type MantineSize } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creditRating } from '../lib/member-labels.ts';

const STAR_SIZE: Partial<Record<MantineSize, number>> = { xs: 11, sm: 13, md: 15 };

/**
 * The one way Curio shows a member's credit: a star and the rating out of 5 (the 0..100 credit
 * score divided by 20, one decimal), with the score itself in the tooltip and for screen readers.
 */
export function CreditRating({ score, size = 'xs', dimmed = true }: { score: number; size?: MantineSize; dimmed?: boolean }) {
  const { t } = useTranslation('common');
  const rating = creditRating(score).toFixed(1);
  const label = t('credit.aria', { rating, score });
  return (
    <Tooltip label={label}>
      <Group gap={3} wrap="nowrap" display="inline-flex" data-testid="credit-rating">
        <IconStarFilled size={STAR_SIZE[size] ?? 13} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Text size={size} fw={600} c={dimmed ? 'dimmed' : undefined} aria-hidden style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('credit.value', { rating })}
        </Text>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}
