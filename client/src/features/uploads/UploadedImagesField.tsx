import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, FileButton, Input, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { uploadUrl, type AppErrorCode, type UploadPurpose } from '@curio/shared';
import { IMAGE_ACCEPT, ImageUploadError, imageProblem, uploadImage } from './upload-image.ts';
import classes from './uploads.module.css';

export interface UploadedImagesFieldProps {
  /** Upload keys, in order. */
  value: string[];
  onChange: (keys: string[]) => void;
  purpose: UploadPurpose;
  max: number;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  /** Told while files are uploading, so a form can hold its submit until the keys exist. */
  onBusyChange?: (busy: boolean) => void;
  /** The texts of one feature: alt and remove labels per image, the add tile, the pending tile. */
  texts: {
    alt: (number: number) => string;
    remove: (number: number) => string;
    add: (count: number) => string;
    uploading: string;
  };
  /** A feature's own message for a refused file (the wallet names the file). */
  problemMessage?: (code: AppErrorCode, file: File) => string;
  /** Extra controls on a tile, e.g. the listing picker's cover badge. */
  tileExtra?: (key: string, index: number) => ReactNode;
  addTestId?: string;
}

/**
 * The image field of every form that attaches photos (listings, requests, reviews, complaint
 * evidence, payment proofs): each picked file is checked in the browser, uploaded at once and
 * shown from its stored URL; the form keeps only the keys the server named.
 */
export function UploadedImagesField(props: UploadedImagesFieldProps) {
  const { value, onChange, purpose, max, disabled, onBusyChange, texts } = props;
  const { t } = useTranslation('errors');
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

  const fail = (code: AppErrorCode, file?: File) =>
    notifications.show({ color: 'red', message: file && props.problemMessage ? props.problemMessage(code, file) : t(code) });

  const pick = (files: File[]) => {
    resetPicker.current?.();
    if (files.length === 0) return;
    const room = max - latest.current.length - uploading;
    if (files.length > room) fail('TOO_MANY_IMAGES');
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = imageProblem(file, purpose);
      if (problem) fail(problem, file);
      return problem === null;
    });
    for (const file of accepted) {
      setUploading((count) => count + 1);
      uploadImage(file, purpose)
        .then(({ key }) => {
          latest.current = [...latest.current, key];
          onChange(latest.current);
        })
        .catch((err: unknown) => fail((err instanceof ImageUploadError ? err.code : null) ?? 'OPERATION_FAILED'))
        .finally(() => setUploading((count) => count - 1));
    }
  };

  const full = value.length + uploading >= max;

  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error}>
      <Box className={classes.imageGrid} mt={6}>
        {value.map((key, index) => (
          <Box key={key} className={classes.imageTile}>
            <img src={uploadUrl(key)} alt={texts.alt(index + 1)} className={classes.imageThumb} />
            {props.tileExtra?.(key, index)}
            <ActionIcon
              className={classes.removeImage}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              onClick={() => onChange(value.filter((item) => item !== key))}
              aria-label={texts.remove(index + 1)}
              disabled={disabled}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Box key={`uploading-${index}`} className={`${classes.imageTile} ${classes.imagePending}`} aria-label={texts.uploading}>
            <Loader size="sm" />
          </Box>
        ))}
        {!full && (
          <FileButton resetRef={resetPicker} onChange={pick} accept={IMAGE_ACCEPT[purpose]} multiple disabled={disabled}>
            {(buttonProps) => (
              <UnstyledButton {...buttonProps} className={`${classes.imageTile} ${classes.addImage}`} disabled={disabled} data-testid={props.addTestId}>
                <Stack gap={2} align="center">
                  <IconPhotoPlus size={22} stroke={1.5} aria-hidden />
                  <Text size="xs">{texts.add(value.length)}</Text>
                </Stack>
              </UnstyledButton>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}
