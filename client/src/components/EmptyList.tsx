import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * What a list says when it has nothing yet: Mantine's empty state (as the feed and the load errors
 * use) with the list's icon, a title, a hint and, when given, the actions that fill it.
 */
export function EmptyList({
  icon: ListIcon,
  title,
  hint,
  py = 'xl',
  children,
}: {
  icon: Icon;
  title: string;
  hint?: string;
  py?: number | string;
  children?: ReactNode;
}) {
  return (
    <EmptyState py={py} icon={<ListIcon size={28} stroke={1.6} aria-hidden />} title={title} description={hint}>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
