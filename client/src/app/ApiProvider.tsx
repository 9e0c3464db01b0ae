import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { trpc, createApiClient, type ApiClient } from '../lib/trpc.ts';

interface ApiControl {
  /** Call after sign-in or sign-out: a new socket carries the new cookie, cached data is dropped. */
  restartApi: () => void;
  /**
   * Fires a 'close' event (detail: the close code) whenever a socket of the current client
   * closes: the server closes a banned member's socket with its own code (useSignOutOnBan), and
   * the sockets of a member whose admin role changed with another (useRefreshOnRoleChange).
   */
  socketCloses: EventTarget;
}

const ApiControlContext = createContext<ApiControl>({ restartApi: () => {}, socketCloses: new EventTarget() });

export function useApiControl(): ApiControl {
  return useContext(ApiControlContext);
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function clientReportingTo(socketCloses: EventTarget): ApiClient {
  return createApiClient((code) => socketCloses.dispatchEvent(new CustomEvent('close', { detail: code })));
}

export function ApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  // every client made here reports its sockets' close codes to the same target
  const [socketCloses] = useState(() => new EventTarget());
  const [api, setApi] = useState<ApiClient>(() => clientReportingTo(socketCloses));

  useEffect(() => () => api.close(), [api]);

  const restartApi = useCallback(() => {
    queryClient.clear();
    setApi(clientReportingTo(socketCloses));
  }, [queryClient, socketCloses]);
  const control = useMemo(() => ({ restartApi, socketCloses }), [restartApi, socketCloses]);

  return (
    <ApiControlContext.Provider value={control}>
      <trpc.Provider client={api.client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </ApiControlContext.Provider>
  );
}
