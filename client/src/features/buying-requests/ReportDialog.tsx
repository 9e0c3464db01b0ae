import { useTranslation } from 'react-i18next';
import { BUYING_REQUEST_REPORT_DETAILS_MAX, BUYING_REQUEST_REPORT_REASONS, ZBuyingRequestReportForm } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { ReportDialog as ReportForm } from '../../components/ReportDialog.tsx';

/** Report a buying request: a reason is required, details are optional. */
export function ReportDialog({ requestId, opened, onClose }: { requestId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('buying');
  const report = trpc.marketplace.buyingRequests.report.useMutation();
  return (
    <ReportForm
      opened={opened}
      onClose={onClose}
      reasons={BUYING_REQUEST_REPORT_REASONS}
      defaultReason={null}
      schema={ZBuyingRequestReportForm}
      reasonRequiredKey="buying:report.reasonRequired"
      detailRequired={false}
      detailMax={BUYING_REQUEST_REPORT_DETAILS_MAX}
      pending={report.isPending}
      send={({ reason, detail }) => report.mutateAsync({ id: requestId, reason, ...(detail.trim() ? { details: detail } : {}) })}
      texts={{
        title: t('report.title'),
        reason: t('report.reason'),
        reasons: Object.fromEntries(BUYING_REQUEST_REPORT_REASONS.map((value) => [value, t(`report.reasons.${value}`)])) as Record<
          (typeof BUYING_REQUEST_REPORT_REASONS)[number],
          string
        >,
        detail: t('report.details'),
        detailPlaceholder: t('report.detailsPlaceholder'),
        submit: t('report.submit'),
        cancel: t('report.cancel'),
        sent: t('report.sent'),
        failed: t('report.failed'),
      }}
    />
  );
}
