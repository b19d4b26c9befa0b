import type { Locator, Page } from '@playwright/test';
import {
  expect,
  flashcard,
  getCardsFromA1,
  SCREENSHOT_DIR,
  showTheme,
  signUpThroughApi,
  test,
} from './fixtures';

// The native shell (issue #23) in Chromium: no Android or iOS app can be built here, so the app
// runs with a Capacitor shim injected before its scripts, as Capacitor's own "custom platform"
// hook allows (`window.CapacitorCustomPlatform`): the app takes itself to be inside the shell and
// the plugins run their web implementations. The shim's bridge fires the App plugin's events
// (pause, the back button, a link that opened the app) as the native side would; the Haptics
// plugin's web implementation vibrates with a pattern (an array), where the web's own fallback
// passes a number, so the test can tell which one ran.

const SHIM = `
window.CapacitorCustomPlatform = { name: 'android' };
window.Capacitor = { isNativePlatform: () => true };
window.__vibrations = [];
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true,
  value: (pattern) => (window.__vibrations.push(pattern), true),
});
`;

type ShellWindow = {
  Capacitor: {
    Plugins?: {
      App?: {
        hasListeners: (event: string) => Promise<boolean>;
        notifyListeners: (event: string, data: unknown) => Promise<void>;
      };
    };
  };
};

/**
 * Fires an event of the App plugin as the shell's native side would, once the app listens to
 * it (the shell's part loads after the first render).
 */
async function fireAppEvent(page: Page, event: string, data: unknown = null) {
  await expect
    .poll(() =>
      page.evaluate(
        (name) => (window as unknown as ShellWindow).Capacitor.Plugins?.App?.hasListeners(name),
        event,
      ),
    )
    .toBe(true);
  await page.evaluate(
    ([name, payload]) =>
      (window as unknown as ShellWindow).Capacitor.Plugins?.App?.notifyListeners(
        name as string,
        payload,
      ),
    [event, data] as const,
  );
}

/**
 * A learner signed in as in the shell: the account made and confirmed through the API, then
 * the login form, which keeps the bearer token (the confirmation's cookie is thrown away: the
 * shell never uses one).
 */
async function signInInShell(page: Page, name: string) {
  const user = await signUpThroughApi(page, name);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  return user;
}

/**
 * A finger swipe down the card (good), as touch events dispatched in the page 30 ms apart: the
 * haptics are under test here, not the browser's input pipeline (e2e/flashcards.spec.ts drives
 * that), and a swipe through DevTools can outlast the 1 s a swipe may take when the suite's
 * workers share the machine.
 */
async function swipeInPage(card: Locator, dy: number) {
  await card.evaluate(async (element, distance) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const touch = (down: number) =>
      new Touch({ identifier: 1, target: element, clientX: x, clientY: y + down });
    const fire = (type: string, down: number) => {
      const at = touch(down);
      element.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          cancelable: true,
          touches: type === 'touchend' ? [] : [at],
          targetTouches: type === 'touchend' ? [] : [at],
          changedTouches: [at],
        }),
      );
    };
    fire('touchstart', 0);
    for (const step of [1, 2, 3, 4]) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      fire('touchmove', (distance * step) / 4);
    }
    fire('touchend', distance);
  }, dy);
}

const vibrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(SHIM);
  // The shell's pages come from its bundle: the plain index.html, without the preloads the
  // server writes into a route's page for the web.
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.fallback();
    const { origin } = new URL(request.url());
    return route.fulfill({ response: await route.fetch({ url: `${origin}/index.html` }) });
  });
});

test('inside the shell: a swipe vibrates through the haptics plugin, pause stops the audio, the back button closes the word card before going back, and a link opens its page', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'phone',
    'the shell is a phone app, and the swipe needs the touch-screen phone project',
  );
  test.setTimeout(90_000);
  await signInInShell(page, 'Schale');
  await getCardsFromA1(page, 5);

  // A graded swipe: 50 ms through the haptics plugin (a pattern), not the browser's vibrate.
  await page.keyboard.press('Space');
  await expect(flashcard(page)).toHaveAttribute('data-revealed', 'true');
  await flashcard(page).scrollIntoViewIfNeeded();
  const before = await flashcard(page).getAttribute('data-card-id');
  await swipeInPage(flashcard(page), 160);
  await expect(flashcard(page)).not.toHaveAttribute('data-card-id', before ?? '');
  await expect.poll(() => vibrations(page)).toEqual([[50]]);

  // A story plays; the app going to the background (the shell's pause) stops it.
  await page.goto('/stories/1');
  const player = page.getByRole('region', { name: 'Story audio' });
  await player.getByRole('button', { name: 'Listen to the story' }).click();
  await expect(player.getByRole('button', { name: 'Pause the audio' })).toBeVisible({
    timeout: 15_000,
  });
  await fireAppEvent(page, 'pause');
  await expect(player.getByRole('button', { name: 'Pause the audio' })).toHaveCount(0);

  // Back closes the word card first, then goes back to the flashcards.
  await page
    .getByTestId('story-word')
    .filter({ hasText: /^wohnt$/ })
    .first()
    .tap();
  await expect(page.getByTestId('word-card')).toBeVisible();
  await fireAppEvent(page, 'backButton', { canGoBack: true });
  await expect(page.getByTestId('word-card')).toHaveCount(0);
  await expect(page).toHaveURL(/\/stories\/1$/);
  await fireAppEvent(page, 'backButton', { canGoBack: true });
  await expect(page).toHaveURL(/\/study\/flashcards$/);

  // An app link (here a password-reset link to the server) opens its page in the app.
  await fireAppEvent(page, 'appUrlOpen', { url: 'https://lesefuchs.example/stories/2' });
  await expect(page).toHaveURL(/\/stories\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('inside the shell: signing in with e-mail and password keeps a bearer token, which every request carries instead of a cookie', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the shell is a phone app');
  const authorizations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      authorizations.push(`${request.headers().authorization ?? 'none'} ${request.url()}`);
    }
  });
  const { nickname } = await signInInShell(page, 'Traeger');
  const token = await page.evaluate(() => localStorage.getItem('lesefuchs.session.token'));
  expect(token).toMatch(/^[^.]+\..+$/);
  // The answer's cookie was not kept (requests leave without credentials).
  expect(await page.context().cookies()).toEqual([]);

  // A new start of the app: signed in by the token alone.
  authorizations.length = 0;
  await page.goto('/profile');
  await expect(page.getByRole('main').getByText(nickname).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(authorizations.length).toBeGreaterThan(0);

  // Live updates reach the shell too: a bookmark made on another device (the API, with the
  // same account's token) appears on the open bookmarks screen without a reload.
  await page.getByRole('link', { name: 'Bookmarks' }).first().click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByRole('heading', { name: 'Der Zug nach Hamburg' })).toHaveCount(0);
  await expect.poll(() => authorizations.some((entry) => entry.includes('/api/events'))).toBe(true);
  const elsewhere = await page.request.put('/api/bookmarks/1', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` },
  });
  expect(elsewhere.status()).toBe(200);
  await expect(page.getByText('Der Zug nach Hamburg').first()).toBeVisible();
  expect(authorizations.filter((header) => !header.startsWith(`Bearer ${token} `))).toEqual([]);
});

test('inside the shell: Google sign-in goes through the system browser and comes back by the app link with a code that only this device can use', async ({
  page,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the shell is a phone app');
  const starts: URL[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/native/google') starts.push(url);
  });
  await page.goto('/login');
  // The Browser plugin's web implementation opens the "system browser" as a new window.
  const browserOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const systemBrowser = await browserOpened;
  // Google (the local provider) signs the person in; the server's last page opens the app.
  await systemBrowser.waitForURL(/\/api\/native\/google\/return\?/);
  // It was sent with the challenge alone; the verifier stays in the app.
  expect(starts.map((url) => url.searchParams.get('code_challenge'))).toEqual([
    expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  ]);
  const appLink = await systemBrowser
    .getByRole('link', { name: 'Back to Lesefuchs' })
    .getAttribute('href');
  expect(appLink).toMatch(/^lesefuchs:\/\/auth\/callback\?code=[A-Za-z0-9_-]{43}$/);
  // The browser handed its session over: it keeps no session cookie.
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes('session_token'))).toEqual([]);
  await systemBrowser.close();

  await fireAppEvent(page, 'appUrlOpen', { url: appLink });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('lesefuchs.session.token'));
  expect(token).toMatch(/^[^.]+\..+$/);
  await page.goto('/profile');
  await expect(page.getByText('greta.google@example.com').first()).toBeVisible();

  // The same link again (a second tap, or another app that caught it) signs no one in.
  await page.evaluate(() => localStorage.removeItem('lesefuchs.session.token'));
  await page.goto('/login');
  await fireAppEvent(page, 'appUrlOpen', { url: appLink });
  await expect(page).toHaveURL(/\/login\?google=expired$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in is no longer valid. Please try again.',
  );
  await axe(page);
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await showTheme(page, theme);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-${theme}-native-google-expired.png` });
  }
});

test('inside the shell: the e-mail confirmation link opens the app, which confirms the address and signs in with a token', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the shell is a phone app');
  const email = `e2e-${Date.now()}-${testInfo.workerIndex}-native@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'Appfuchs', callbackURL: '/' },
  });
  expect(signUp.status()).toBe(200);
  const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
  const link = messages[0]?.links[0] ?? '';
  expect(new URL(link).pathname).toBe('/api/auth/verify-email');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  // The installed app takes the link (an app link): the app confirms from inside.
  await fireAppEvent(page, 'appUrlOpen', { url: link });
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('lesefuchs.session.token'))).toMatch(
    /^[^.]+\..+$/,
  );
  expect(await page.context().cookies()).toEqual([]);

  // The same link again, signed out: it signs no one in, and the login page says why.
  await page.evaluate(() => localStorage.removeItem('lesefuchs.session.token'));
  await page.goto('/');
  await fireAppEvent(page, 'appUrlOpen', { url: link });
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your e-mail address is already confirmed. Please log in.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lesefuchs.session.token'))).toBeNull();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-light-native-already-confirmed.png` });
});
