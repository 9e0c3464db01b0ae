/**
 * Calls a tRPC mutation over plain HTTP as the browser does (POST, JSON, session cookie) and
 * sorts the outcome the way a client experiences it: acknowledged with a result, refused with an
 * app error code, or unknown (the connection died before an answer arrived).
 */
export type CallOutcome<T> = { kind: 'acknowledged'; data: T } | { kind: 'refused'; status: number; code: string | null } | { kind: 'unknown'; error: string };

export async function callMutation<T>(baseUrl: string, path: string, input: unknown, cookie: string): Promise<CallOutcome<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ json: input }),
      signal: AbortSignal.timeout(20_000),
    });
    text = await response.text();
  } catch (error) {
    return { kind: 'unknown', error: error instanceof Error ? error.message : String(error) };
  }
  const body = JSON.parse(text) as {
    result?: { data?: { json?: T } };
    error?: { json?: { data?: { appError?: { code?: string } } } };
  };
  if (response.ok && body.result?.data && 'json' in body.result.data) return { kind: 'acknowledged', data: body.result.data.json as T };
  return { kind: 'refused', status: response.status, code: body.error?.json?.data?.appError?.code ?? null };
}

/** Runs `tasks` with at most `limit` in flight, in order of the array. */
export async function runPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  });
  await Promise.all(workers);
  return results;
}
