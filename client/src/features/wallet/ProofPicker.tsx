import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, FileButton, Input, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, uploadUrl } from '@curio/shared';
import { PROOF_IMAGE_ACCEPT, ProofUploadError, proofImageProblem, uploadProofImage } from './proof-image.ts';
import classes from './wallet.module.css';

export interface ProofPickerProps {
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Up to five payment-proof images (spec 2 §5): each file is checked in the browser (type and
 * 5 MB, with the spec's messages), uploaded at once with purpose proof and previewed.
 */
export function ProofPicker({ value, onChange, disabled, onBusyChange }: ProofPickerProps) {
  const { t } = useTranslation(['wallet', 'errors']);
  const [uploading, setUploading] = useState(0);
  const resetPicker = useRef<() => void>(null);
  const latest = useRef(value);
  const max = LIMITS.maxImages;
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => {
    onBusyChange?.(uploading > 0);
  }, [uploading, onBusyChange]);

  const pick = (files: File[]) => {
    resetPicker.current?.();
    const room = max - latest.current.length - uploading;
    if (files.length > room) notifications.show({ color: 'red', message: t('errors:TOO_MANY_IMAGES') });
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = proofImageProblem(file);
      if (problem) {
        notifications.show({
          color: 'red',
          message: problem === 'format' ? t('usdt.proofBadFormat', { name: file.name }) : t('usdt.proofTooLarge', { name: file.name }),
        });
        continue;
      }
      setUploading((count) => count + 1);
      uploadProofImage(file)
        .then(({ key }) => {
          latest.current = [...latest.current, key];
          onChange(latest.current);
        })
        .catch((error: unknown) =>
          notifications.show({ color: 'red', message: t(`errors:${error instanceof ProofUploadError ? error.code : 'OPERATION_FAILED'}`) }),
        )
        .finally(() => setUploading((count) => count - 1));
    }
  };

  const full = value.length + uploading >= max;
  return (
    <Input.Wrapper label={t('usdt.proofLabel')} description={t('usdt.proofHint', { max })}>
      <Box className={classes.proofGrid} mt={6}>
        {value.map((key, index) => (
          <Box key={key} className={classes.proofTile}>
            <img src={uploadUrl(key)} alt={t('usdt.proofAlt', { number: index + 1 })} className={classes.proofThumb} />
            <ActionIcon
              className={classes.proofRemove}
              size="sm"
              radius="xl"
              color="dark"
              variant="filled"
              onClick={() => onChange(value.filter((item) => item !== key))}
              aria-label={t('usdt.proofRemove', { number: index + 1 })}
              disabled={disabled}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Box>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          <Box key={`uploading-${index}`} className={`${classes.proofTile} ${classes.proofPending}`} aria-label={t('usdt.proofUploading')}>
            <Loader size="sm" />
          </Box>
        ))}
        {!full && (
          <FileButton resetRef={resetPicker} onChange={pick} accept={PROOF_IMAGE_ACCEPT} multiple disabled={disabled}>
            {(props) => (
              <UnstyledButton {...props} className={`${classes.proofTile} ${classes.proofAdd}`} disabled={disabled} data-testid="proof-add">
                <Stack gap={2} align="center">
                  <IconPhotoPlus size={22} stroke={1.5} aria-hidden />
                  <Text size="xs">{t('usdt.proofAdd', { added: value.length, max })}</Text>
                </Stack>
              </UnstyledButton>
            )}
          </FileButton>
        )}
      </Box>
    </Input.Wrapper>
  );
}
