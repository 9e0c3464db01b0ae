import { useTranslation } from 'react-i18next';
import { formatCents } from '@curio/shared';

/** "USDN 100.00 – 500.00", "from …", "up to …" or "negotiable" (rule B-2: budget range or a negotiable label). */
export function useBudgetText(budgetMinCents: number | null, budgetMaxCents: number | null): string {
  const { t } = useTranslation('buying');
  if (budgetMinCents !== null && budgetMaxCents !== null) {
    return t('budget.range', { min: formatCents(budgetMinCents), max: formatCents(budgetMaxCents) });
  }
  if (budgetMinCents !== null) return t('budget.from', { min: formatCents(budgetMinCents) });
  if (budgetMaxCents !== null) return t('budget.upTo', { max: formatCents(budgetMaxCents) });
  return t('budget.negotiable');
}
