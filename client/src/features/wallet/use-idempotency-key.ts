import { useCallback, useRef } from 'react';

/**
 * One idempotency key per submission attempt: the same key while the member retries the same
 * click (a lost response then returns the first result instead of moving money twice), a new
 * one after a success. A failed call stored nothing on the server, so its key may be reused.
 */
export function useIdempotencyKey(prefix: string): { current: () => string; renew: () => void } {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= `${prefix}-${crypto.randomUUID()}`), [prefix]);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
