/**
 * Waits until `predicate` holds, polling every 10 ms: for things that happen asynchronously but
 * surely (a NOTIFY on PostgreSQL, a listener removed after a socket closes). To show that
 * something did NOT happen, do not wait a while and look: send a sentinel that must arrive after
 * it, wait for the sentinel, then check that nothing else came first.
 */
export async function eventually(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
