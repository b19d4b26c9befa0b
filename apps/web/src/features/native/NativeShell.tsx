import { StatusBar, Style } from '@capacitor/status-bar';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { THEME_COLORS, useTheme } from '../../lib/theme';
import { attachNativeShell } from './native-shell';

/**
 * The system's status bar in the colour of the theme shown, as the browser's bar is on the
 * web (light text on both: the light theme's bar is the app's orange).
 */
function useStatusBar() {
  const { resolved } = useTheme();
  useEffect(() => {
    void StatusBar.setStyle({ style: Style.Dark }).catch(() => undefined);
    // (Android only: iOS's status bar shows the page under it.)
    void StatusBar.setBackgroundColor({ color: THEME_COLORS[resolved] }).catch(() => undefined);
  }, [resolved]);
}

/**
 * The native shell's part of the app (features/native/native-shell.ts), mounted by the layout
 * only inside the shell, so the web never loads it.
 */
export function NativeShell() {
  useStatusBar();
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
