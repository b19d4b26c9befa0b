import { recoveryLinkAction } from '@lesefuchs/core/navigation/recovery-link';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Set while the app is in the password-recovery state; cleared by a successful password update. */
export const RECOVERY_FLAG_KEY = 'lesefuchs.passwordRecovery';

/** Applies the recovery-link rule of spec 1 §2 on every navigation, before the page shows. */
export function RecoveryLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    // Browsers report an empty fragment ("…#") as no hash at all; the href still shows it.
    const hash = location.hash || (window.location.href.endsWith('#') ? '#' : '');
    const action = recoveryLinkAction({ ...location, hash });
    // Navigations wait for the end of the commit: on the first render the router subscribes to
    // the history in its own layout effect, which runs after this one (still before the paint).
    switch (action.kind) {
      case 'redirect':
        localStorage.setItem(RECOVERY_FLAG_KEY, '1');
        queueMicrotask(() => navigate(action.to, { replace: true }));
        break;
      case 'strip-hash':
        queueMicrotask(() => navigate(action.to, { replace: true }));
        break;
      case 'mark-recovery':
        localStorage.setItem(RECOVERY_FLAG_KEY, '1');
        break;
      case 'none':
        break;
    }
  }, [location, navigate]);
  return null;
}
