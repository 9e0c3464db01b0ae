import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { UploadedImagesField } from '../uploads/UploadedImagesField.tsx';
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
 * Images of a listing or buying request (rules L-4 and B-1: image files only, at most five); the first
 * is the cover, and any other can be made the cover.
 */
export function ImagePicker({ value, onChange, max = LIMITS.maxImages, label, error, disabled, onBusyChange }: ImagePickerProps) {
  const { t } = useTranslation('publish');
  const makeCover = (key: string) => onChange([key, ...value.filter((item) => item !== key)]);
  return (
    <UploadedImagesField
      value={value}
      onChange={onChange}
      purpose="listing"
      max={max}
      label={label ?? t('images.label')}
      description={t('images.hint', { max })}
      error={error}
      disabled={disabled}
      onBusyChange={onBusyChange}
      texts={{
        alt: (number) => t('images.alt', { number }),
        remove: (number) => t('images.remove', { number }),
        add: (count) => t('images.add', { count, max }),
        uploading: t('images.uploading'),
      }}
      tileExtra={(key, index) =>
        index === 0 ? (
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
        )
      }
    />
  );
}
