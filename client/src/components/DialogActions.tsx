import { Button, Group, type ButtonProps } from '@mantine/core';
import { useSubmitReason } from './SubmitReason.tsx';

/**
 * The two buttons that end a dialog's form: cancel (closes, sends nothing) and submit; a disabled
 * submit says why beside it.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  loading,
  disabled,
  disabledReason,
  color,
  radius,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  loading?: boolean;
  disabled?: boolean;
  /** Shown beside the submit while it is disabled. */
  disabledReason?: string | null;
  color?: ButtonProps['color'];
  radius?: ButtonProps['radius'];
  /** For browser tests that find the submit button by test id. */
  submitTestId?: string;
}) {
  const reason = useSubmitReason(disabled ? disabledReason : null);
  return (
    <Group justify="flex-end" gap="sm">
      {reason.note}
      <Button variant="default" radius={radius} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} radius={radius} loading={loading} disabled={disabled} data-testid={submitTestId} {...reason.describedBy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
