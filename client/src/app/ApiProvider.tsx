import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { trpc, createApiClient, type ApiClient } from '../lib/trpc.ts';

interface ApiControl {
  /** Call after sign-in or sign-out: a new socket carries the new cookie, cached data is dropped. */
  restartApi(): void;
}

const ApiControlContext = createContext<ApiControl>({ restartApi: () => {} });

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

export function ApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [api, setApi] = useState<ApiClient>(createApiClient);

  useEffect(() => () => api.close(), [api]);

  const restartApi = useCallback(() => {
    queryClient.clear();
    setApi(createApiClient());
  }, [queryClient]);
  const control = useMemo(() => ({ restartApi }), [restartApi]);

  return (
    <ApiControlContext.Provider value={control}>
      <trpc.Provider client={api.client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </ApiControlContext.Provider>
  );
}
