import { useId } from 'react';
import { Text } from '@mantine/core';

/**
 * Why a submit button is disabled, shown right beside it: a disabled button alone tells a member
 * nothing. Returns the text (or null when there is no reason) and the props that tie the button to
 * it for screen readers.
 */
export function useSubmitReason(reason: string | null | undefined) {
  const id = useId();
  const shown = reason ? reason : null;
  return {
    describedBy: shown ? { 'aria-describedby': id } : {},
    note: shown ? (
      <Text id={id} size="xs" c="dimmed" role="status" style={{ flex: '0 1 22rem', minWidth: 0 }} data-testid="submit-reason">
        {shown}
      </Text>
    ) : null,
  };
}
