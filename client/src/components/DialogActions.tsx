import { Button, Group, type ButtonProps } from '@mantine/core';

/** The two buttons that end a dialog's form: cancel (closes, sends nothing) and submit. */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  loading,
  disabled,
  color,
  radius,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  loading?: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
  radius?: ButtonProps['radius'];
  /** For browser tests that find the submit button by test id. */
  submitTestId?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" radius={radius} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} radius={radius} loading={loading} disabled={disabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
