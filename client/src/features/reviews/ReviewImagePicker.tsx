import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS } from '@curio/shared';
import { UploadedImagesField } from '../uploads/UploadedImagesField.tsx';

/** Up to three review photos (rule S-19), kept with the listing photos. */
export function ReviewImagePicker(props: { value: string[]; onChange: (keys: string[]) => void; disabled?: boolean; onBusyChange?: (busy: boolean) => void }) {
  const { t } = useTranslation('reviews');
  const max = REVIEW_LIMITS.maxImages;
  return (
    <UploadedImagesField
      {...props}
      purpose="listing"
      max={max}
      label={t('dialog.images')}
      description={t('dialog.imagesHint', { max })}
      addTestId="review-add-image"
      texts={{
        // the photo sits next to the review text it illustrates: decorative for a screen reader
        alt: () => '',
        remove: (number) => t('dialog.removeImage', { number }),
        add: (count) => t('dialog.addImage', { count, max }),
        uploading: t('dialog.uploading'),
      }}
    />
  );
}
