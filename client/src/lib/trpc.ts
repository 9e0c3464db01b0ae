import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@curio/server';

export const trpc = createTRPCReact<AppRouter>();

export interface ApiClient {
  client: TRPCClient<AppRouter>;
  close(): void;
}

/**
 * Subscriptions over the WebSocket, everything else over HTTP batch (engineering rule E-9).
 * The socket authenticates by cookie when it opens, so the app makes a new client whenever
 * the signed-in user changes (see AuthProvider).
 */
export function createApiClient(): ApiClient {
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/trpc-ws`;
  const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 10_000 } });
  const client = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({ url: '/trpc', transformer: superjson, maxURLLength: 4000 }),
      }),
    ],
  });
  return { client, close: () => void wsClient.close() };
}
