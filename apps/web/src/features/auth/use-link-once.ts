import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/session';

/** Where a link's screen goes when its work is done. */
export interface LinkOutcome {
  to: string;
  state?: unknown;
  /** A session came with it: the session check is asked again before going on. */
  signedIn?: boolean;
}

/**
 * The work of a screen that a link opens (the shell's Google return, a confirmation link): run
 * once with the link's query, also under StrictMode's second effect run (its code or token is
 * good once), then on to where it says, replacing the link's address in the history.
 */
export function useLinkOnce(work: (query: URLSearchParams) => Promise<LinkOutcome>): void {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { refetch } = useAuth();
  const started = useRef(false);
  const latest = useRef(work);
  latest.current = work;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void latest.current(new URLSearchParams(query)).then(async ({ to, state, signedIn }) => {
      if (signedIn) await refetch().catch(() => undefined);
      navigate(to, { replace: true, state });
    });
  }, [navigate, query, refetch]);
}
