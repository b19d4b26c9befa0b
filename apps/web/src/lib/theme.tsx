import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export type ThemeMode = 'auto' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'lesefuchs.theme';

interface ThemeContextValue {
  mode: ThemeMode;
  /** The theme on screen now: auto resolves through the system setting. */
  resolved: 'light' | 'dark';
  /** Flips between light and dark (from auto, to the opposite of what shows). */
  toggle(): void;
  setMode(mode: ThemeMode): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
/** The browser's bar colour of each theme (index.html names both for the first paint). */
export const THEME_COLORS = { light: '#c2410c', dark: '#1c1917' } as const;

/** The app's chosen theme, not only the system's, colours the browser's bar. */
function applyThemeColor(theme: 'light' | 'dark') {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLORS[theme];
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedMode(): ThemeMode {
  const value = localStorage.getItem(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'auto';
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(storedMode);
  const [systemDark, setSystemDark] = useState(() => darkQuery().matches);

  useEffect(() => {
    const query = darkQuery();
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolved = mode === 'auto' ? (systemDark ? 'dark' : 'light') : mode;
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
    applyThemeColor(resolved);
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setModeState(next);
  }, []);
  const toggle = useCallback(
    () => setMode(resolved === 'dark' ? 'light' : 'dark'),
    [resolved, setMode],
  );

  const value = useMemo(
    () => ({ mode, resolved, toggle, setMode }),
    [mode, resolved, toggle, setMode],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme outside ThemeProvider');
  return value;
}
