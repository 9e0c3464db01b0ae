import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS } from '@curio/shared';
import { UploadedImagesField } from '../uploads/UploadedImagesField.tsx';

/** Evidence images of a complaint: at most five, stored as proofs. */
export function EvidencePicker(props: { value: string[]; onChange: (keys: string[]) => void; disabled?: boolean; onBusyChange?: (busy: boolean) => void }) {
  const { t } = useTranslation('orders');
  const max = ORDER_LIMITS.complaintImagesMax;
  return (
    <UploadedImagesField
      {...props}
      purpose="proof"
      max={max}
      label={t('complaint.evidence')}
      description={t('complaint.evidenceHint', { max })}
      texts={{
        alt: (number) => t('complaint.evidenceAlt', { number }),
        remove: (number) => t('complaint.evidenceRemove', { number }),
        add: (count) => t('complaint.evidenceAdd', { count, max }),
        uploading: t('complaint.uploading'),
      }}
    />
  );
}
