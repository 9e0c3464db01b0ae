import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { NotesField } from './NotesField.tsx';

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What the dialog is about (the request, the user...), shown above the field. */
  children?: ReactNode;
  label: string;
  /** When set, an empty field is refused with this message before anything is sent. */
  requiredMessage?: string;
  /** A one-line field (a transaction hash) instead of a text area. */
  singleLine?: boolean;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onClose: () => void;
  onConfirm: (text: string) => void;
}

/**
 * The one dialog for every admin decision that takes a text: a ban reason, a rejection
 * reason, a chain transaction hash, a complaint response, optional notes. The server checks
 * the same rules again; this only saves a round trip.
 */
export function ReasonDialog({ opened, title, onClose, ...form }: ReasonDialogProps) {
  // The form mounts with the open dialog (Modal unmounts closed content), so each opening starts empty.
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} centered>
      <ReasonForm onClose={onClose} {...form} />
    </Modal>
  );
}

function ReasonForm({
  children,
  label,
  requiredMessage,
  singleLine,
  confirmLabel,
  color = 'blue',
  loading,
  onClose,
  onConfirm,
}: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const { t } = useTranslation('admin');
  // one dialog serves many procedures, and its message arrives translated: a rule rather than a shared schema
  const form = useForm({
    initialValues: { text: '' },
    validate: { text: (value) => (requiredMessage && !value.trim() ? requiredMessage : null) },
  });
  const submit = form.onSubmit(({ text }) => onConfirm(text.trim()));
  const fieldProps = {
    label,
    withAsterisk: requiredMessage !== undefined,
    ...form.getInputProps('text'),
    'data-autofocus': true,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {children}
        {singleLine ? <TextInput {...fieldProps} maxLength={200} /> : <NotesField {...fieldProps} minRows={3} />}
        <DialogActions cancelLabel={t('kit.cancel')} onCancel={onClose} submitLabel={confirmLabel} loading={loading} color={color} />
      </Stack>
    </form>
  );
}
