import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';

/**
 * Approve (notes optional) and reject (reason required) dialogs of a request queue: refunds and
 * points withdrawals. Texts are `<prefix>.approveTitle`, `.notesOptional`, `.approve`,
 * `.approveBody`, `.rejectTitle`, `.rejectReason`, `.reject` and `.rejectBody` in the
 * admin-operations namespace, the bodies filled from `summary`.
 */
export function DecisionDialogs({
  prefix,
  decision,
  summary,
  approving,
  rejecting,
  onClose,
  onApprove,
  onReject,
}: {
  prefix: 'refunds' | 'withdrawals';
  decision: 'approve' | 'reject' | null;
  summary: Record<string, string | undefined>;
  approving: boolean;
  rejecting: boolean;
  onClose: () => void;
  onApprove: (notes: string | null) => void;
  onReject: (notes: string) => void;
}) {
  const { t } = useTranslation(['admin-operations', 'errors']);
  return (
    <>
      <ReasonDialog
        opened={decision === 'approve'}
        title={t(`${prefix}.approveTitle`)}
        label={t(`${prefix}.notesOptional`)}
        confirmLabel={t(`${prefix}.approve`)}
        color="teal"
        loading={approving}
        onClose={onClose}
        onConfirm={(notes) => onApprove(notes || null)}
      >
        <Text size="sm">{t(`${prefix}.approveBody`, summary)}</Text>
      </ReasonDialog>
      <ReasonDialog
        opened={decision === 'reject'}
        title={t(`${prefix}.rejectTitle`)}
        label={t(`${prefix}.rejectReason`)}
        requiredMessage={t('errors:REJECTION_REASON_REQUIRED')}
        confirmLabel={t(`${prefix}.reject`)}
        color="red"
        loading={rejecting}
        onClose={onClose}
        onConfirm={onReject}
      >
        <Text size="sm">{t(`${prefix}.rejectBody`, summary)}</Text>
      </ReasonDialog>
    </>
  );
}
