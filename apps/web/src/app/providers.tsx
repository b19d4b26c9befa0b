import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setSessionCheck } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { refreshSession } from '../lib/session';
import { ThemeProvider } from '../lib/theme';

// Back online, every query that failed is fetched again: a screen that could not load offline
// recovers by itself. (TanStack Query's own reconnect refetch does not fire here: it starts out
// believing it is online, so an offline start never changes its state.)
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  });
}

// A 401 re-reads the session once before the call is retried (spec 1 §4).
setSessionCheck(refreshSession);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
