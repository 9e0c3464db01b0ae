import { useEffect, useMemo, useRef } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What the form will do with the avatar on save. */
export type AvatarChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

interface AvatarFieldProps {
  currentUrl: string | null;
  nickname: string;
  change: AvatarChange;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File | null) => void;
  onRemove: () => void;
}

export function AvatarField({ currentUrl, nickname, change, error, disabled, onPick, onRemove }: AvatarFieldProps) {
  const { t } = useTranslation('profile');
  const resetPicker = useRef<() => void>(null);
  const pickedFile = change.kind === 'replace' ? change.file : null;
  const previewUrl = useMemo(() => (pickedFile ? URL.createObjectURL(pickedFile) : null), [pickedFile]);
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const shownUrl = change.kind === 'remove' ? null : (previewUrl ?? currentUrl);
  const canRemove = shownUrl !== null;

  return (
    <Input.Wrapper label={t('fields.avatar')} description={t('fields.avatarHint')} error={error} id="avatar-field">
      <Group gap="lg" mt="xs" wrap="nowrap" align="center">
        <Avatar src={shownUrl} alt={t('fields.avatarAlt', { nickname })} size={84} radius={84} color="grape" name={nickname} />
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton resetRef={resetPicker} accept="image/png,image/jpeg,image/webp,image/gif,image/avif" onChange={onPick} disabled={disabled}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhoto size={16} aria-hidden="true" />} disabled={disabled}>
                  {t('actions.chooseAvatar')}
                </Button>
              )}
            </FileButton>
            {canRemove ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                disabled={disabled}
                onClick={() => {
                  resetPicker.current?.();
                  onRemove();
                }}
              >
                {t('actions.removeAvatar')}
              </Button>
            ) : null}
          </Group>
          {pickedFile ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t('fields.avatarPending', { name: pickedFile.name })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
