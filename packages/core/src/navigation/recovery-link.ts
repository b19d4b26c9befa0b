/** Where the browser is, as the recovery-link rule sees it. */
export interface LocationParts {
  pathname: string;
  search: string;
  hash: string;
}

/** What the app must do with the current URL before routing (spec 1 §2 "Recovery links"). */
export type RecoveryLinkAction =
  | { kind: 'none' }
  /** Replace the history entry with this URL (the reset page, tokens kept). */
  | { kind: 'redirect'; to: string; recovery: true }
  /** Replace the history entry with this URL: the same page without its empty hash. */
  | { kind: 'strip-hash'; to: string }
  /** Stay, but enter the password-recovery state. */
  | { kind: 'mark-recovery' };

export const RESET_PASSWORD_PATH = '/reset-password';

function paramsOf(raw: string, prefix: '?' | '#'): URLSearchParams {
  return new URLSearchParams(raw.startsWith(prefix) ? raw.slice(1) : raw);
}

/**
 * Applies the recovery-link rule: a URL with a recovery type and both an access and a refresh
 * token (in the hash or the query) goes to /reset-password keeping the tokens; a sign-up hash is
 * left alone; an empty hash (`#`) is stripped; a recovery marker alone sets the recovery state.
 */
export function recoveryLinkAction(location: LocationParts): RecoveryLinkAction {
  const hash = paramsOf(location.hash, '#');
  const query = paramsOf(location.search, '?');
  const type = hash.get('type') ?? query.get('type');
  if (type === 'signup') return { kind: 'none' };

  const hasTokens = (p: URLSearchParams) => p.has('access_token') && p.has('refresh_token');
  if (type === 'recovery' && (hasTokens(hash) || hasTokens(query))) {
    if (location.pathname === RESET_PASSWORD_PATH) return { kind: 'mark-recovery' };
    return {
      kind: 'redirect',
      to: `${RESET_PASSWORD_PATH}${location.search}${location.hash}`,
      recovery: true,
    };
  }
  if (location.hash === '#') {
    return { kind: 'strip-hash', to: `${location.pathname}${location.search}` };
  }
  if (type === 'recovery') return { kind: 'mark-recovery' };
  return { kind: 'none' };
}
