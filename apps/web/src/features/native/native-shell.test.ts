import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_LINK_PATH_PREFIXES } from '@lesefuchs/core/app-links';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appLinkHost,
  entitlementsFor,
  manifestWithAppLinks,
} from '../../../../native/app-links.mjs';
import { onAppState } from '../../lib/app-state';
import {
  APP_SCHEME,
  type AppPlugin,
  appPathOf,
  attachNativeShell,
  closeTopOverlay,
} from './native-shell';

// Capacitor's App plugin, faked at the edge: listeners by event, fired by the test as the
// shell's bridge would fire them.
function fakeApp(launchUrl = '') {
  const listeners = new Map<string, (data: unknown) => void>();
  const minimizeApp = vi.fn(async () => undefined);
  const app = {
    addListener: vi.fn(async (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, listener);
      return { remove: async () => void listeners.delete(event) };
    }),
    getLaunchUrl: vi.fn(async () => ({ url: launchUrl })),
    minimizeApp,
  } as unknown as AppPlugin;
  const fire = (event: string, data: unknown = null) => listeners.get(event)?.(data);
  return { app, fire, minimizeApp, listeners };
}

function hooks(pathname = '/stories/3') {
  return { navigate: vi.fn(), pathname: vi.fn(() => pathname) };
}

describe('the native shell', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reports pause as the app hidden and resume as visible', async () => {
    const { app, fire } = fakeApp();
    const states: string[] = [];
    const off = onAppState((state) => states.push(state));
    const detach = await attachNativeShell(hooks(), app);
    fire('pause');
    fire('resume');
    expect(states).toEqual(['hidden', 'visible']);
    off();
    detach();
  });

  it('closes the open dialog first on the back button, then goes back, then minimizes at the start', async () => {
    const { app, fire, minimizeApp } = fakeApp();
    const at = hooks('/stories/3');
    await attachNativeShell(at, app);
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    dialog.close = vi.fn(() => dialog.removeAttribute('open'));
    fire('backButton', { canGoBack: true });
    expect(dialog.close).toHaveBeenCalledOnce();
    expect(at.navigate).not.toHaveBeenCalled();
    fire('backButton', { canGoBack: true });
    expect(at.navigate).toHaveBeenCalledWith(-1);
    fire('backButton', { canGoBack: false });
    expect(minimizeApp).toHaveBeenCalledOnce();
    at.pathname.mockReturnValue('/');
    fire('backButton', { canGoBack: true });
    expect(minimizeApp).toHaveBeenCalledTimes(2);
  });

  it('closes a word card or menu with Escape before going back', async () => {
    const { app, fire } = fakeApp();
    const at = hooks();
    await attachNativeShell(at, app);
    const card = document.createElement('div');
    card.setAttribute('role', 'dialog');
    document.body.append(card);
    const escape = vi.fn();
    document.addEventListener('keydown', (event) => escape(event.key), { once: true });
    fire('backButton', { canGoBack: true });
    expect(escape).toHaveBeenCalledWith('Escape');
    expect(at.navigate).not.toHaveBeenCalled();
  });

  it('keeps a dialog open whose screen refuses its cancel', () => {
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    dialog.close = vi.fn();
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    expect(closeTopOverlay()).toBe(true);
    expect(dialog.close).not.toHaveBeenCalled();
    dialog.remove();
    expect(closeTopOverlay()).toBe(false);
  });

  it('opens the page of a link that opened the app, at a cold start too', async () => {
    const { app, fire } = fakeApp('https://lesefuchs.example/reset-password?token=abc');
    const at = hooks('/');
    await attachNativeShell(at, app);
    expect(at.navigate).toHaveBeenCalledWith('/reset-password?token=abc');
    fire('appUrlOpen', { url: 'lesefuchs://auth/callback?code=x1' });
    expect(at.navigate).toHaveBeenLastCalledWith('/auth/callback?code=x1');
    fire('appUrlOpen', { url: 'javascript:alert(1)' });
    expect(at.navigate).toHaveBeenCalledTimes(2);
  });

  it('reads links as addresses of the app', () => {
    expect(appPathOf('https://a.example/stories/7#p2')).toBe('/stories/7#p2');
    expect(appPathOf('lesefuchs://auth/callback?code=1')).toBe('/auth/callback?code=1');
    expect(appPathOf('lesefuchs://stories')).toBe('/stories');
    expect(appPathOf('file:///etc/passwd')).toBeNull();
    // The server's links in e-mails become the app's screens for them.
    expect(
      appPathOf('https://a.example/api/auth/verify-email?token=ey.J%2Bx&callbackURL=%2F'),
    ).toBe('/auth/confirm?token=ey.J%2Bx');
    expect(appPathOf('https://a.example/api/auth/reset-password/Tok3n?callbackURL=%2Freset')).toBe(
      '/reset-password?token=Tok3n',
    );
    expect(appPathOf('not a url')).toBeNull();
  });

  it('stops listening when detached', async () => {
    const { app, listeners } = fakeApp();
    const detach = await attachNativeShell(hooks(), app);
    expect([...listeners.keys()].sort()).toEqual(['appUrlOpen', 'backButton', 'pause', 'resume']);
    detach();
    await vi.waitFor(() => expect(listeners.size).toBe(0));
  });
});

describe("the native projects' links", () => {
  const native = path.resolve(import.meta.dirname, '../../../../native');
  const scheme = APP_SCHEME.replace(/:$/, '');

  it("declare the app's scheme on Android and iOS, so its links open the app", () => {
    const manifest = readFileSync(
      path.join(native, 'android/app/src/main/AndroidManifest.xml'),
      'utf8',
    );
    expect(manifest).toContain(`<data android:scheme="${scheme}" />`);
    const plist = readFileSync(path.join(native, 'ios/App/App/Info.plist'), 'utf8');
    expect(plist).toMatch(
      new RegExp(`<key>CFBundleURLSchemes</key>\\s*<array>\\s*<string>${scheme}</string>`),
    );
  });

  it('declare the server of an https build as theirs for the app-link paths, and none otherwise', () => {
    const manifest = readFileSync(
      path.join(native, 'android/app/src/main/AndroidManifest.xml'),
      'utf8',
    );
    const host = appLinkHost('https://lesefuchs.example.org/');
    expect(host).toBe('lesefuchs.example.org');
    const linked = manifestWithAppLinks(manifest, host);
    expect(linked).toContain('<intent-filter android:autoVerify="true">');
    expect(linked).toContain('<data android:host="lesefuchs.example.org" />');
    const prefixes = [...linked.matchAll(/android:pathPrefix="([^"]+)"/g)].map((m) => m[1]);
    expect(prefixes).toEqual([...APP_LINK_PATH_PREFIXES]);
    expect(entitlementsFor(host)).toContain('<string>applinks:lesefuchs.example.org</string>');
    // Written twice, the same: the block is replaced, not added to.
    expect(manifestWithAppLinks(linked, host)).toBe(linked);
    // A plain-http build (the default, a developer's machine) declares none.
    expect(appLinkHost('http://localhost:3000')).toBeNull();
    expect(manifestWithAppLinks(linked, null)).not.toContain('autoVerify');
    expect(entitlementsFor(null)).not.toContain('associated-domains');
    // The projects as committed: the default build.
    expect(manifestWithAppLinks(manifest, null)).toBe(manifest);
    const entitlements = readFileSync(path.join(native, 'ios/App/App/App.entitlements'), 'utf8');
    expect(entitlements).toBe(entitlementsFor(null));
    const project = readFileSync(
      path.join(native, 'ios/App/App.xcodeproj/project.pbxproj'),
      'utf8',
    );
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2);
  });
});
