import { Button, EmptyState } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { errorMessage } from '../../lib/app-error.ts';

/** What a list or panel shows when its query failed: the translated reason and a retry button. */
export function LoadFailed({ title, error, retryLabel, onRetry }: { title: string; error?: unknown; retryLabel: string; onRetry: () => void }) {
  return (
    <EmptyState py="xl" icon={<IconMoodEmpty size={28} />} title={title} description={error === undefined ? undefined : errorMessage(error)}>
      <EmptyState.Actions>
        <Button variant="light" radius="xl" onClick={onRetry}>
          {retryLabel}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
