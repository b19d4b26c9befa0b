import { recoveryLinkAction } from '@lesefuchs/core';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Set while the app is in the password-recovery state; cleared by a successful password update. */
export const RECOVERY_FLAG_KEY = 'lesefuchs.passwordRecovery';

/** Applies the recovery-link rule of spec 1 §2 on every navigation, before the page shows. */
export function RecoveryLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const action = recoveryLinkAction(location);
    switch (action.kind) {
      case 'redirect':
        localStorage.setItem(RECOVERY_FLAG_KEY, '1');
        navigate(action.to, { replace: true });
        break;
      case 'strip-hash':
        navigate(action.to, { replace: true });
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
