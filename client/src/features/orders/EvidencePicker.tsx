import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, FileButton, Input, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS, uploadUrl, type AppErrorCode } from '@curio/shared';
import { PROOF_IMAGE_ACCEPT, ProofUploadError, proofImageProblem, uploadProofImage } from './upload-proof-image.ts';
import classes from './orders.module.css';

/**
 * Evidence images of a complaint (at most five, purpose proof). Each file is checked in the
 * browser, uploaded at once and shown from its stored URL, like the listing image picker.
 */
export function EvidencePicker({
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
  const { t } = useTranslation(['orders', 'errors']);
  const max = ORDER_LIMITS.complaintImagesMax;
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
      const problem = proofImageProblem(file);
      if (problem) fail(problem);
      return problem === null;
    });
    for (const file of accepted) {
      setUploading((count) => count + 1);
      uploadProofImage(file)
        .then(({ key }) => {
          latest.current = [...latest.current, key];
          onChange(latest.current);
        })
        .catch((err: unknown) => fail(err instanceof ProofUploadError ? err.code : 'OPERATION_FAILED'))
        .finally(() => setUploading((count) => count - 1));
    }
  };

  const full = value.length + uploading >= max;

  return (
    <Input.Wrapper label={t('complaint.evidence')} description={t('complaint.evidenceHint', { max })}>
      <Box className={classes.imageGrid} mt={6}>
        {value.map((key, index) => (
          <Box key={key} className={classes.imageTile}>
            <img src={uploadUrl(key)} alt={t('complaint.evidenceAlt', { number: index + 1 })} className={classes.imageThumb} />
            <ActionIcon
              className={classes.removeImage}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              onClick={() => onChange(value.filter((item) => item !== key))}
              aria-label={t('complaint.evidenceRemove', { number: index + 1 })}
              disabled={disabled}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Box key={`uploading-${index}`} className={`${classes.imageTile} ${classes.imagePending}`} aria-label={t('complaint.uploading')}>
            <Loader size="sm" />
          </Box>
        ))}
        {!full && (
          <FileButton resetRef={resetPicker} onChange={pick} accept={PROOF_IMAGE_ACCEPT} multiple disabled={disabled}>
            {(props) => (
              <UnstyledButton {...props} className={`${classes.imageTile} ${classes.addImage}`} disabled={disabled}>
                <Stack gap={2} align="center">
                  <IconPhotoPlus size={22} stroke={1.5} aria-hidden />
                  <Text size="xs">{t('complaint.evidenceAdd', { count: value.length, max })}</Text>
                </Stack>
              </UnstyledButton>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}
