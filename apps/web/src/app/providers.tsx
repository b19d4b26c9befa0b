import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setSessionCheck } from '../lib/api';
import { authClient } from '../lib/auth-client';
import { ThemeProvider } from '../lib/theme';

/** How long fetched data counts as fresh unless a query says otherwise. */
const DEFAULT_STALE_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: DEFAULT_STALE_MS, retry: 1, refetchOnWindowFocus: false },
  },
});

// A 401 re-reads the session once before the call is retried (spec 1 §4).
setSessionCheck(() => authClient.getSession());

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
