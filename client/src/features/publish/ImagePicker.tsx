import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, FileButton, Input, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconStarFilled, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, uploadUrl, type AppErrorCode } from '@curio/shared';
import { LISTING_IMAGE_ACCEPT, ListingImageUploadError, listingImageProblem, uploadListingImage } from './upload-listing-image.ts';
import classes from './publish.module.css';

export interface ImagePickerProps {
  /** Upload keys, in order; the first is the cover. */
  value: string[];
  onChange: (keys: string[]) => void;
  max?: number;
  label?: string;
  error?: string | null;
  disabled?: boolean;
  /** Told while files are uploading, so a form can hold its submit until the keys exist. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Images of a listing or buying request (spec 1 §5: image files only, at most five). Each file
 * is checked in the browser, uploaded at once (purpose listing) and shown from its stored URL.
 */
export function ImagePicker({ value, onChange, max = LIMITS.maxImages, label, error, disabled, onBusyChange }: ImagePickerProps) {
  const { t } = useTranslation(['publish', 'errors']);
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

  const fail = (code: AppErrorCode) => notifications.show({ color: 'red', message: t(`errors:${code}`) });

  const pick = (files: File[]) => {
    resetPicker.current?.();
    if (files.length === 0) return;
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
        .catch((err: unknown) => fail(err instanceof ListingImageUploadError ? err.code : 'OPERATION_FAILED'))
        .finally(() => setUploading((count) => count - 1));
    }
  };

  const remove = (key: string) => onChange(value.filter((item) => item !== key));
  const makeCover = (key: string) => onChange([key, ...value.filter((item) => item !== key)]);
  const full = value.length + uploading >= max;

  return (
    <Input.Wrapper label={label ?? t('images.label')} description={t('images.hint', { max })} error={error}>
      <Box className={classes.imageGrid} mt={6}>
        {value.map((key, index) => (
          <Box key={key} className={classes.imageTile}>
            <img src={uploadUrl(key)} alt={t('images.alt', { number: index + 1 })} className={classes.imageThumb} />
            {index === 0 ? (
              <Text className={classes.coverTag} size="xs" fw={600}>
                {t('images.cover')}
              </Text>
            ) : (
              <Tooltip label={t('images.makeCover')}>
                <UnstyledButton
                  className={classes.coverButton}
                  onClick={() => makeCover(key)}
                  aria-label={t('images.makeCoverNumber', { number: index + 1 })}
                  disabled={disabled}
                >
                  <IconStarFilled size={12} aria-hidden />
                </UnstyledButton>
              </Tooltip>
            )}
            <ActionIcon
              className={classes.removeImage}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              onClick={() => remove(key)}
              aria-label={t('images.remove', { number: index + 1 })}
              disabled={disabled}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Box key={`uploading-${index}`} className={`${classes.imageTile} ${classes.imagePending}`} aria-label={t('images.uploading')}>
            <Loader size="sm" />
          </Box>
        ))}
        {!full && (
          <FileButton resetRef={resetPicker} onChange={pick} accept={LISTING_IMAGE_ACCEPT} multiple disabled={disabled}>
            {(props) => (
              <UnstyledButton {...props} className={`${classes.imageTile} ${classes.addImage}`} disabled={disabled}>
                <Stack gap={2} align="center">
                  <IconPhotoPlus size={24} stroke={1.5} aria-hidden />
                  <Text size="xs">{t('images.add', { count: value.length, max })}</Text>
                </Stack>
              </UnstyledButton>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}
