import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The errors better-auth appends to the site root when a confirmation link did not work. */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'auth.login.expiredLink',
  INVALID_TOKEN: 'auth.login.expiredLink',
  USER_NOT_FOUND: 'auth.login.userNotFound',
};

/**
 * A confirmation link that failed lands on the root with `?error=`: the learner is sent to the
 * login page, which says why (spec 1 §8), and the error leaves the address.
 */
export function AuthReturnErrors() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    if (pathname !== '/') return;
    const code = new URLSearchParams(search).get('error');
    const key = code ? LINK_ERRORS[code] : undefined;
    // After the commit: on the first render the router subscribes to the history in its own
    // layout effect, which runs after this one (still before the page paints).
    if (key) queueMicrotask(() => navigate('/login', { replace: true, state: { errorKey: key } }));
  }, [pathname, search, navigate]);
  return null;
}
