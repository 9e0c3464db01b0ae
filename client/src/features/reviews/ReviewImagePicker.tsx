import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, FileButton, Input, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS, uploadUrl, type AppErrorCode } from '@curio/shared';
import { LISTING_IMAGE_ACCEPT, ListingImageUploadError, listingImageProblem, uploadListingImage } from '../publish/upload-listing-image.ts';
import classes from './reviews.module.css';

/**
 * Up to three review photos (spec 2 §9). Each is checked in the browser, uploaded at once to the
 * listings store (spec 2 §7) and shown from its stored URL; the review keeps only the keys.
 */
export function ReviewImagePicker({
  value,
  onChange,
  disabled,
  onBusyChange,
}: {
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation(['reviews', 'errors']);
  const max = REVIEW_LIMITS.maxImages;
  const [uploading, setUploading] = useState(0);
  const resetPicker = useRef<() => void>(null);
  // uploads finish one by one; each appends to the newest list, not the one of the render that started it
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => {
    onBusyChange?.(uploading > 0);
  }, [uploading, onBusyChange]);

  const fail = (code: AppErrorCode) =>
    notifications.show({ color: 'red', title: t('reviews:failed.upload'), message: code === 'TOO_MANY_IMAGES' ? t('reviews:dialog.imagesHint', { max }) : t(`errors:${code}`) });

  const pick = (files: File[]) => {
    resetPicker.current?.();
    const room = max - latest.current.length - uploading;
    if (files.length > room) fail('TOO_MANY_IMAGES');
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = listingImageProblem(file);
      if (problem) fail(problem);
      return problem === null;
    });
    for (const file of accepted) {
      setUploading((count) => count + 1);
      uploadListingImage(file)
        .then(({ key }) => {
          latest.current = [...latest.current, key];
          onChange(latest.current);
        })
        .catch((error: unknown) => fail(error instanceof ListingImageUploadError ? error.code : 'OPERATION_FAILED'))
        .finally(() => setUploading((count) => count - 1));
    }
  };

  return (
    <Input.Wrapper label={t('reviews:dialog.images')} description={t('reviews:dialog.imagesHint', { max })}>
      <Box className={classes.imageGrid} mt={6}>
        {value.map((key, index) => (
          <Box key={key} className={classes.imageTile}>
            <img src={uploadUrl(key)} alt="" />
            <ActionIcon
              className={classes.removeImage}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              disabled={disabled}
              aria-label={t('reviews:dialog.removeImage', { number: index + 1 })}
              onClick={() => onChange(value.filter((item) => item !== key))}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Box key={`uploading-${index}`} className={`${classes.imageTile} ${classes.addImage}`} aria-label={t('reviews:dialog.uploading')}>
            <Loader size="sm" />
          </Box>
        ))}
        {value.length + uploading < max && (
          <FileButton resetRef={resetPicker} onChange={pick} accept={LISTING_IMAGE_ACCEPT} multiple disabled={disabled}>
            {(props) => (
              <UnstyledButton {...props} className={`${classes.imageTile} ${classes.addImage}`} disabled={disabled} data-testid="review-add-image">
                <Stack gap={2} align="center">
                  <IconPhotoPlus size={22} stroke={1.5} aria-hidden />
                  <Text size="xs">{t('reviews:dialog.addImage', { count: value.length, max })}</Text>
                </Stack>
              </UnstyledButton>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}
