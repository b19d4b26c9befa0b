import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, SCREENSHOT_DIR, signUpThroughApi, test, useTheme } from './fixtures';

/**
 * Every route of spec 1 §2 with the heading it shows. `long`: the whole corpus in one list (120
 * stories), where the accessibility scan and the full-page screenshot take several times a short
 * page's time (the audio list 32–42 s in a full run on a slow host, against a 60 s limit).
 */
const ROUTES: { path: string; heading: string | RegExp; name: string; long?: boolean }[] = [
  { path: '/', heading: 'Lesefuchs', name: 'home' },
  { path: '/stories', heading: 'Stories', name: 'stories', long: true },
  { path: '/stories/1', heading: 'Der Zug nach Hamburg', name: 'story' },
  { path: '/stories/audios', heading: 'Audios', name: 'audios', long: true },
  { path: '/study', heading: 'Study', name: 'study' },
  { path: '/study/flashcards', heading: 'Flashcards', name: 'flashcards' },
  { path: '/study/quiz', heading: 'Quiz', name: 'quiz' },
  { path: '/flashcard-overview', heading: 'Flashcard overview', name: 'flashcard-overview' },
  { path: '/vocabulary', heading: 'Vocabulary', name: 'vocabulary' },
  { path: '/vocabulary?deck=saved', heading: 'My list', name: 'vocabulary-saved' },
  { path: '/bookmarks', heading: 'Bookmarks', name: 'bookmarks' },
  { path: '/profile', heading: 'Profile', name: 'profile' },
  { path: '/community', heading: 'Community', name: 'community' },
  { path: '/login', heading: 'Log in', name: 'login' },
  { path: '/signup', heading: 'Sign up', name: 'signup' },
  { path: '/forgot-password', heading: 'Forgot password', name: 'forgot-password' },
  { path: '/reset-password', heading: 'Reset password', name: 'reset-password' },
  { path: '/no-such-page', heading: 'Page not found', name: 'not-found' },
];

// Each test has its own page and nothing in common: the 36 route checks a project makes spread over the
// workers instead of running one after another in one (the longest file of the suite: 6 minutes
// a project in a full run on a slow host).
test.describe.configure({ mode: 'parallel' });

/**
 * A text key shown as it is (i18next's answer for a key it does not have), as "reader.close":
 * a group of the app's texts, a dot and a word.
 */
const LOCALES = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const RAW_TEXT_KEY = new RegExp(
  `\\b(${readdirSync(path.join(LOCALES, 'en'))
    .map((file) => file.replace(/\.json$/, ''))
    .concat(Object.keys(JSON.parse(readFileSync(path.join(LOCALES, 'en.json'), 'utf8'))))
    .concat('community')
    .join('|')})\\.[a-z][A-Za-z]+`,
);

for (const theme of ['light', 'dark'] as const) {
  for (const route of ROUTES) {
    test(`${route.path} renders in the ${theme} theme with the right header and no accessibility violations`, async ({
      page,
      axe,
    }, testInfo) => {
      test.slow(route.long === true, 'a list of the whole corpus: a longer scan and screenshot');
      await useTheme(page, theme);
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page.getByTestId('header')).toHaveAttribute(
        'data-variant',
        testInfo.project.name === 'desktop' ? 'wide' : 'compact',
      );
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      // Every text the page shows came with its code: none reads as its key.
      expect(await page.locator('body').innerText()).not.toMatch(RAW_TEXT_KEY);
      await axe(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-${route.name}.png`,
        fullPage: true,
      });
    });
  }
}

test('the footer is hidden on story pages and shown elsewhere', async ({ page }) => {
  await page.goto('/stories/3');
  await expect(page.getByRole('heading', { name: 'Der vierte Läufer' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/stories');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the theme toggle flips light and dark and the choice survives a reload', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'phone',
    'at 390 px the compact header has no theme toggle (checked below)',
  );
  await useTheme(page, 'light');
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('the compact header shows the theme toggle only above 480 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('header')).toHaveAttribute('data-variant', 'compact');
  await expect(page.getByTestId('theme-toggle')).toBeHidden();
  await page.setViewportSize({ width: 481, height: 800 });
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await page.setViewportSize({ width: 1279, height: 800 });
  await expect(page.getByTestId('header')).toHaveAttribute('data-variant', 'compact');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('header')).toHaveAttribute('data-variant', 'wide');
  await expect(page.getByTestId('side-nav')).toHaveCount(0);
});

test('the interface language follows ?lng=es and ?lng=kr, and a script in it is ignored', async ({
  page,
}, testInfo) => {
  await page.goto('/?lng=es');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Historia más reciente' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-home-es.png`,
    fullPage: true,
  });

  await page.goto('/study?lng=kr');
  await expect(page.getByRole('heading', { level: 1, name: '학습' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-study-kr.png`,
    fullPage: true,
  });

  // The choice is remembered without the parameter.
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: '북마크' })).toBeVisible();

  await page.goto(`/study?lng=${encodeURIComponent('<script>alert(1)</script>')}`);
  await expect(page.getByRole('heading', { level: 1, name: '학습' })).toBeVisible();

  await page.getByLabel('인터페이스 언어').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
});

test('the side navigation hides on scroll down past 96 px and returns on scroll up', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'the wide layout has no side navigation');
  await page.goto('/stories');
  // Tall enough to scroll, on this page and on the next (the body outlives route changes).
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
  });
  const nav = page.getByTestId('side-nav');
  await expect(nav).toHaveAttribute('data-visible', 'true');
  await expect(page.getByTestId('header-logo')).toHaveAttribute('data-visible', 'false');
  await page.mouse.wheel(0, 80);
  await expect(page.getByTestId('header-logo')).toHaveAttribute('data-visible', 'true');
  await expect(nav).toHaveAttribute('data-visible', 'true');
  await page.mouse.wheel(0, 400);
  await expect(nav).toHaveAttribute('data-visible', 'false');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-light-stories-scrolled.png` });
  await page.mouse.wheel(0, -100);
  await expect(nav).toHaveAttribute('data-visible', 'true');

  // The entry of the current page scrolls to the top instead of navigating.
  await nav.getByRole('link', { name: 'Stories' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Another entry navigates, and the new page starts at the top.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(nav).toHaveAttribute('data-visible', 'false');
  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(nav).toHaveAttribute('data-visible', 'true');
  await nav.getByRole('link', { name: 'Study' }).click();
  await expect(page).toHaveURL(/\/study$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the main menu opens its submenus on hover and on keyboard focus', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the main menu is the wide layout');
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Audios' })).toBeHidden();
  await menu.getByRole('link', { name: 'Stories', exact: true }).hover();
  await expect(menu.getByRole('link', { name: 'Audios' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/desktop-light-menu-open.png` });
  await menu.getByRole('link', { name: 'Audios' }).click();
  await expect(page).toHaveURL(/\/stories\/audios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audios' })).toBeVisible();

  await menu.getByRole('button', { name: 'Study menu' }).focus();
  await expect(menu.getByRole('link', { name: 'Flashcard overview' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'Flashcard overview' })).toBeHidden();
});

test('the offline badge shows while the browser is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});

test('a recovery link goes to /reset-password with its tokens; an empty hash is stripped', async ({
  page,
}) => {
  await page.goto('/#access_token=abc&refresh_token=def&type=recovery');
  await expect(page).toHaveURL(
    /\/reset-password#access_token=abc&refresh_token=def&type=recovery$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lesefuchs.passwordRecovery'))).toBe('1');

  await page.goto('/stories?sort=difficulty#');
  await expect(page).toHaveURL(/\/stories\?sort=difficulty$/);

  await page.goto('/#access_token=abc&refresh_token=def&type=signup');
  await expect(page).toHaveURL(/\/#access_token=abc&refresh_token=def&type=signup$/);
});

test('a signed-in user is sent home from the guest-only pages and can sign out, in every tab', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const user = await signUpThroughApi(page);
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lesefuchs' })).toBeVisible();
  }
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();

  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible();
    return;
  }
  // A second tab of the same browser, signed in too: it hears of the sign-out below.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/stories');
  await expect(otherTab.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const trigger = page.getByRole('button', { name: 'Account menu' });
  await trigger.click();
  await expect(page.getByRole('menu')).toContainText(user.email);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/desktop-light-user-menu.png` });
  await page.mouse.click(5, 600);
  await expect(page.getByRole('menu')).toBeHidden();
  await trigger.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // The other tab, not reloaded and not brought into view, shows the guest's header.
  await expect(otherTab.getByRole('link', { name: 'Log in' })).toBeVisible();
  await otherTab.close();
});

test('the server caches hashed assets for a year and revalidates the page itself', async ({
  page,
}) => {
  const response = await page.request.get('/stories');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const html = await response.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await page.request.get(script as string);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await page.request.get('/assets/missing-0000.js')).status()).toBe(404);
});
