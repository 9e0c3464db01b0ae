import type { TSessionUser } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';

/** The signed-in member (or null for a visitor), shared by the chrome and every screen. */
export function useSession(): { user: TSessionUser | null; isLoading: boolean } {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  return { user: me.data ?? null, isLoading: me.isLoading };
}
