import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { UploadedImagesField } from '../uploads/UploadedImagesField.tsx';

export interface ProofPickerProps {
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

/** Up to five payment-proof images (rules W-6 and I-15), refused files named in their messages. */
export function ProofPicker(props: ProofPickerProps) {
  const { t } = useTranslation(['wallet', 'errors']);
  const max = LIMITS.maxImages;
  return (
    <UploadedImagesField
      {...props}
      purpose="proof"
      max={max}
      label={t('usdt.proofLabel')}
      description={t('usdt.proofHint', { max })}
      addTestId="proof-add"
      problemMessage={(code, file) =>
        code === 'UPLOAD_NOT_AN_IMAGE'
          ? t('usdt.proofBadFormat', { name: file.name })
          : code === 'UPLOAD_TOO_LARGE'
            ? t('usdt.proofTooLarge', { name: file.name })
            : t(`errors:${code}`)
      }
      texts={{
        alt: (number) => t('usdt.proofAlt', { number }),
        remove: (number) => t('usdt.proofRemove', { number }),
        add: (count) => t('usdt.proofAdd', { added: count, max }),
        uploading: t('usdt.proofUploading'),
      }}
    />
  );
}
