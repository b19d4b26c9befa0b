import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { attachNativeShell } from './native-shell';

/**
 * The native shell's part of the app (features/native/native-shell.ts), mounted by the layout
 * only inside the shell, so the web never loads it.
 */
export function NativeShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useRef(pathname);
  current.current = pathname;
  useEffect(() => {
    let detach: (() => void) | null = null;
    let stopped = false;
    void attachNativeShell({
      navigate: (to) => (to === -1 ? navigate(-1) : navigate(to)),
      pathname: () => current.current,
    }).then((stop) => {
      if (stopped) stop();
      else detach = stop;
    });
    return () => {
      stopped = true;
      detach?.();
    };
  }, [navigate]);
  return null;
}
