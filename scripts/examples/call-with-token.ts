/**
 * Calling Curio from a script with a personal API token (rule A-17, engineering rule E-10):
 *
 *   CURIO_URL=http://localhost:3000 CURIO_TOKEN=curio_pat_... node scripts/examples/call-with-token.ts
 *
 * Create the token in the app (or with `auth.apiTokens.create` from a signed-in session).
 * Every procedure is typed from the server's AppRouter, so a wrong name or input fails to compile.
 */
import { pathToFileURL } from 'node:url';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@curio/server';

export type CurioClient = TRPCClient<AppRouter>;

/** A typed client that authenticates every request with the token as a Bearer header. */
export function createCurioClient(options: { url: string; token: string }): CurioClient {
  const base = options.url.replace(/\/$/, '');
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        transformer: superjson,
        headers: { Authorization: `Bearer ${options.token}` },
      }),
    ],
  });
}

async function main(): Promise<void> {
  const token = process.env.CURIO_TOKEN;
  if (!token) {
    console.error('set CURIO_TOKEN to a personal API token (curio_pat_...)');
    process.exitCode = 2;
    return;
  }
  const url = process.env.CURIO_URL ?? 'http://localhost:3000';
  const client = createCurioClient({ url, token });
  let me: Awaited<ReturnType<typeof client.auth.me.query>>;
  try {
    me = await client.auth.me.query();
  } catch (error) {
    console.error(`calling ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return;
  }
  if (!me) {
    console.error('the token was not accepted (revoked, mistyped, or the account is banned)');
    process.exitCode = 1;
    return;
  }
  console.log(JSON.stringify(me, null, 2));
}

// run only as a script; tests import createCurioClient without calling the server
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
