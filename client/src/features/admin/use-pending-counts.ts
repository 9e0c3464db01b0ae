import { useState } from 'react';
import type { TAdminPendingCounts } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';

/**
 * The sidebar badges: the server sends the pending counts when the stream opens and again
 * whenever a request joins or leaves a queue, whoever caused it (admin.onPendingCounts).
 */
export function usePendingCounts(enabled: boolean): TAdminPendingCounts | null {
  const [counts, setCounts] = useState<TAdminPendingCounts | null>(null);
  trpc.admin.onPendingCounts.useSubscription(undefined, {
    enabled,
    // tracked events arrive as { id, data }
    onData: (event) => setCounts(event.data),
  });
  return counts;
}
