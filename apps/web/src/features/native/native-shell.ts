import { App } from '@capacitor/app';
import type { PluginListenerHandle } from '@capacitor/core';
import { reportAppState } from '../../lib/app-state';
import { refetchAll } from '../../lib/realtime';

// What the native shell adds to the web app (issue #23), through Capacitor's App plugin:
// - pause and resume are the app going to the background and coming back: reported as the
//   page's own visibility is (lib/app-state), so audio stops and the queues hand their items
//   over on pause, and stats and listens refresh on resume;
// - Android's back button closes the open dialog, sheet, menu or word card first, then goes
//   back in the app's history, and at the start of it sends the app to the background;
// - a link that opens the app (an app link to the server, or the app's own scheme) opens its
//   page in the app.

/** The App plugin's calls this module uses (a test hands in a fake). */
export type AppPlugin = Pick<typeof App, 'addListener' | 'getLaunchUrl' | 'minimizeApp'>;

export interface NativeShellHooks {
  /** Goes to an address of the app, or one step back. */
  navigate(to: string | -1): void;
  /** The address shown now. */
  pathname(): string;
}

/** The app's own custom scheme (capacitor.config.ts, the Android and iOS projects). */
export const APP_SCHEME = 'lesefuchs:';

/**
 * The address in the app for a link that opened it: `https://server/stories/3` → `/stories/3`;
 * `lesefuchs://auth/callback?code=…` → `/auth/callback?code=…`. The server's own links in
 * e-mails (app links) become the app's screens for them: the confirmation link
 * (`/api/auth/verify-email?token=…`) → `/auth/confirm?token=…`, which confirms from the app;
 * the reset link (`/api/auth/reset-password/<token>`) → `/reset-password?token=<token>`, where
 * the server would have sent the browser. Null for anything else.
 */
export function appPathOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const rest = `${url.search}${url.hash}`;
  if (url.protocol === APP_SCHEME)
    return `/${url.host}${url.pathname === '/' ? '' : url.pathname}${rest}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const token = (value: string | null | undefined) => encodeURIComponent(value ?? '');
  if (url.pathname === '/api/auth/verify-email')
    return `/auth/confirm?token=${token(url.searchParams.get('token'))}`;
  const reset = /^\/api\/auth\/reset-password\/([^/]+)$/.exec(url.pathname);
  if (reset) return `/reset-password?token=${token(decodeURIComponent(reset[1] ?? ''))}`;
  return `${url.pathname}${rest}`;
}

const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * Closes what lies over the page, as Escape would: the top open `<dialog>` (with its cancel
 * event, which its screen may refuse), or else a word card, popover or menu. False when
 * nothing is open.
 */
export function closeTopOverlay(doc: Document = document): boolean {
  const dialog = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1);
  if (dialog) {
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    return true;
  }
  if (!doc.querySelector(OVERLAYS)) return false;
  const target = doc.activeElement ?? doc.body;
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
  );
  return true;
}

/** Starts listening to the shell; the returned function stops it. */
export async function attachNativeShell(
  hooks: NativeShellHooks,
  app: AppPlugin = App,
): Promise<() => void> {
  const open = (link: string) => {
    const path = appPathOf(link);
    if (path && path !== hooks.pathname()) hooks.navigate(path);
  };
  // One after another: a plugin's first calls made at once would each load its web
  // implementation (the browser fallback Capacitor uses where the shell has no native one),
  // and the listeners would end up on different instances.
  const handles: PluginListenerHandle[] = [];
  handles.push(await app.addListener('pause', () => reportAppState('hidden')));
  handles.push(
    await app.addListener('resume', () => {
      reportAppState('visible');
      // The system may have cut the event stream (lib/realtime) while the app was away
      // without its noticing: what it would have told, read again.
      refetchAll();
    }),
  );
  handles.push(
    await app.addListener('backButton', ({ canGoBack }) => {
      if (closeTopOverlay()) return;
      if (canGoBack && hooks.pathname() !== '/') hooks.navigate(-1);
      else void app.minimizeApp().catch(() => undefined);
    }),
  );
  handles.push(await app.addListener('appUrlOpen', ({ url }) => open(url)));
  // A cold start by a link: the page it names, once the app is up.
  const launch = await app.getLaunchUrl().catch(() => undefined);
  if (launch?.url) open(launch.url);
  return () => {
    for (const handle of handles) void handle.remove();
  };
}
