import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, httpLink, splitLink, wsLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@curio/server';

export const trpc = createTRPCReact<AppRouter>();

export interface ApiClient {
  client: TRPCClient<AppRouter>;
  close(): void;
}

/**
 * Subscriptions over the WebSocket, everything else over HTTP batch (engineering rule E-9), but
 * feed pages, each a GET of its own.
 * The socket authenticates by cookie when it opens, so the app makes a new client whenever
 * the signed-in user changes (see ApiProvider). `onClosed` hears the close code of every socket
 * the client loses: the server closes a banned member's socket with its own code.
 */
export function createApiClient(onClosed?: (code: number | undefined) => void): ApiClient {
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/trpc-ws`;
  const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 10_000 }, onClose: (cause) => onClosed?.(cause?.code) });
  const client = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: splitLink({
          // a feed page goes alone: the server answers its GET from the shared cache with an ETag,
          // which the browser revalidates by itself (ADR 0039); in a batch with other queries it
          // would reach tRPC and carry none
          condition: (op) => op.path === 'marketplace.feed.page',
          true: httpLink({ url: '/trpc', transformer: superjson }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson, maxURLLength: 4000 }),
        }),
      }),
    ],
  });
  return { client, close: () => void wsClient.close() };
}
