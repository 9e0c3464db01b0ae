import { useTranslation } from 'react-i18next';
import { LISTING_REPORT_DETAIL_MAX, LISTING_REPORT_REASONS, ZReportListingInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { ReportDialog as ReportForm } from '../../components/ReportDialog.tsx';

const SCHEMA = ZReportListingInput.pick({ reason: true, detail: true });

/** Report a listing: a reason (fake by default) and a required detail. */
export function ReportDialog({ opened, onClose, listingId }: { opened: boolean; onClose: () => void; listingId: string }) {
  const { t } = useTranslation(['listing', 'errors']);
  const report = trpc.marketplace.listings.report.useMutation();
  return (
    <ReportForm
      opened={opened}
      onClose={onClose}
      reasons={LISTING_REPORT_REASONS}
      defaultReason="fake"
      schema={SCHEMA}
      reasonRequiredKey="errors:VALIDATION_FAILED"
      detailRequired
      detailMax={LISTING_REPORT_DETAIL_MAX}
      pending={report.isPending}
      send={({ reason, detail }) => report.mutateAsync({ id: listingId, reason, detail })}
      texts={{
        title: t('listing:report.title'),
        reason: t('listing:report.reason'),
        reasons: Object.fromEntries(LISTING_REPORT_REASONS.map((value) => [value, t(`listing:report.reasons.${value}`)])) as Record<
          (typeof LISTING_REPORT_REASONS)[number],
          string
        >,
        detail: t('listing:report.detail'),
        detailPlaceholder: t('listing:report.detailPlaceholder'),
        submit: t('listing:report.submit'),
        cancel: t('listing:report.cancel'),
        sent: t('listing:report.sent'),
        failed: t('listing:report.failed'),
      }}
    />
  );
}
