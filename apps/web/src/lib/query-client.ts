import { QueryClient } from '@tanstack/react-query';

/** How long fetched data counts as fresh unless a query says otherwise. */
const DEFAULT_STALE_MS = 30_000;

/**
 * The app's one query cache; here rather than with the providers so that code outside a
 * component (a choice made through a plain function) can update what the screens show.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: DEFAULT_STALE_MS, retry: 1, refetchOnWindowFocus: false },
  },
});
