import type { QueryClient } from '@tanstack/react-query';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../components/Spinner';
import { queryClient } from '../lib/query-client';
import { GuestOnly } from './GuestOnly';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { ROUTE_SCREENS, type RouteScreen } from './route-table';

type ScreenModule = Record<string, unknown>;

/**
 * What a screen module may export besides its screen: the requests its first render will make,
 * started as soon as its module is in on the first load (before the first render and paint).
 */
export type PrefetchScreenData = (
  client: QueryClient,
  params: Record<string, string | undefined>,
) => void;

// One loader per screen module of the route table (each its own chunk, fetched on first visit).
const SCREEN_MODULES = import.meta.glob<ScreenModule>([
  '../features/**/*Screen.tsx',
  '../features/vocabulary/VocabularyPage.tsx',
  '../features/screens.tsx',
  '!../features/**/*.test.tsx',
]);

/** Screen modules already loaded, by their path in the route table. */
const loadedScreens = new Map<string, ScreenModule>();

async function loadScreenModule(module: string): Promise<ScreenModule> {
  const load = SCREEN_MODULES[`../${module}`];
  if (!load) throw new Error(`The route table names ${module}, which is not a screen module`);
  const loaded = await load();
  loadedScreens.set(module, loaded);
  return loaded;
}

function screenOf(loaded: ScreenModule, { module, name }: RouteScreen): ComponentType {
  const screen = loaded[name];
  if (typeof screen !== 'function') throw new Error(`${module} has no export ${name}`);
  return screen as ComponentType;
}

/**
 * Loads the screen of a path (already on its way: the server's page names its files), so that the
 * first render shows the screen itself rather than its loading message first.
 */
export async function loadScreenOf(pathname: string): Promise<void> {
  const match = matchRoutes([...ROUTE_SCREENS], pathname)?.[0];
  if (!match) return;
  const loaded = await loadScreenModule(match.route.module).catch(() => null);
  const prefetch = loaded?.prefetch as PrefetchScreenData | undefined;
  prefetch?.(queryClient, match.params);
}

/**
 * A screen loaded on first visit, with the loading message of its area (spec 1 §2); one whose
 * module is already in renders at once.
 */
function lazyScreen(route: RouteScreen) {
  const { module, loadingKey = 'status.loading' } = route;
  const Lazy = lazy(async () => ({ default: screenOf(await loadScreenModule(module), route) }));
  return function LazyScreen() {
    const { t } = useTranslation();
    const [ready] = useState(() => loadedScreens.get(module));
    if (ready) {
      const Screen = screenOf(ready, route);
      return <Screen />;
    }
    return (
      <Suspense fallback={<LoadingScreen message={t(loadingKey)} />}>
        <Lazy />
      </Suspense>
    );
  };
}

const ROUTES = ROUTE_SCREENS.map((route) => {
  const Screen = lazyScreen(route);
  return {
    path: route.path,
    element: route.guestOnly ? (
      <GuestOnly>
        <Screen />
      </GuestOnly>
    ) : (
      <Screen />
    ),
  };
});

interface BoundaryProps {
  /** The path: a new one starts afresh. */
  path: string;
  children: ReactNode;
}

/** A screen that throws while rendering shows a way out; the next route starts afresh. */
class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };
  static getDerivedStateFromError() {
    return { failedAt: '' };
  }
  override componentDidCatch() {
    this.setState({ failedAt: this.props.path });
  }
  override render() {
    const { failedAt } = this.state;
    const failed = failedAt === '' || failedAt === this.props.path;
    return failed ? <RouteError /> : this.props.children;
  }
}

/** Every route of spec 1 §2, inside the layout. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary path={pathname}>
      <Routes>
        <Route element={<Layout />}>
          {ROUTES.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
