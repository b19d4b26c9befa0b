import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signUpThroughApi, test } from './fixtures';

// Every dialog and sheet of the app at a small phone's, a phone's and a desktop's width (issue
// #18): wholly inside the window, its primary action and its way out in view and not covered by
// anything, and a screenshot of each in both themes to look at.

const WIDTHS = [320, 390, 1400] as const;
type Width = (typeof WIDTHS)[number];
/** The small phone is a short one too (iPhone SE), the hardest case for a sheet. */
const HEIGHTS: Record<Width, number> = { 320: 568, 390: 844, 1400: 900 };

async function atWidth(page: Page, width: Width) {
  await page.setViewportSize({ width, height: HEIGHTS[width] });
}

/** The box of a locator, which must have one. */
async function boxOf(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${what}`);
  return box;
}

/**
 * The dialog lies wholly inside the window (and above the bottom navigation when it is not
 * modal and the navigation shows); each action lies inside the dialog, wholly in view, and is
 * what a tap at its centre reaches.
 */
async function expectUsable(
  page: Page,
  dialog: Locator,
  actions: Record<string, Locator>,
  { aboveNavigation = false } = {},
) {
  await expect(dialog).toBeVisible();
  const box = await boxOf(dialog, 'the dialog');
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height + 0.5);
  const navigation = page.getByTestId('side-nav');
  if (aboveNavigation && (await navigation.isVisible())) {
    const nav = await boxOf(navigation, 'the navigation');
    if (nav.y < viewport.height) {
      expect(box.y + box.height, 'above the navigation').toBeLessThanOrEqual(nav.y + 0.5);
    }
  }
  for (const [name, action] of Object.entries(actions)) {
    await expect(action, name).toBeInViewport({ ratio: 1 });
    const inner = await boxOf(action, name);
    expect(inner.x, `${name} inside the dialog`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(inner.y, `${name} inside the dialog`).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(inner.x + inner.width, `${name} inside the dialog`).toBeLessThanOrEqual(
      box.x + box.width + 0.5,
    );
    expect(inner.y + inner.height, `${name} inside the dialog`).toBeLessThanOrEqual(
      box.y + box.height + 0.5,
    );
    await expect.poll(() => reachedAtCentre(action), `${name} is not covered`).toBe(true);
  }
}

/** Whether a tap at the element's centre reaches it (nothing lies over it). */
function reachedAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });
}

/**
 * Screenshots in the light and the dark theme. The app follows the system's theme while the
 * learner has chosen none, so the dialog stays open across both.
 */
async function screenshots(page: Page, testInfo: TestInfo, name: string, width: Width) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*dark)/);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${width}-${theme}-dialog-${name}.png`,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the story list’s preferences sheet', async ({ page }, testInfo) => {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/stories');
    await page.getByRole('button', { name: 'Story preferences', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Story preferences' });
    await expect(sheet.getByRole('heading', { name: 'Preferences' })).toBeVisible();
    // Done belongs to the sheet's panel, not to the backdrop below it.
    const done = sheet
      .getByRole('region', { name: 'Preferences' })
      .getByRole('button', { name: 'Done' });
    await expectUsable(page, sheet, { Done: done });
    // Scrolled to its end, Done is still there, once.
    await sheet.getByRole('button', { name: 'Reset preferences' }).scrollIntoViewIfNeeded();
    await expectUsable(page, sheet, {
      Done: done,
      'Reset preferences': sheet.getByRole('button', { name: 'Reset preferences' }),
    });
    await screenshots(page, testInfo, 'story-preferences', width);
    await done.click();
    await expect(sheet).toBeHidden();
  }
});

test('the profile’s dialog that removes the account', async ({ page }, testInfo) => {
  await signUpThroughApi(page, 'Abschied');
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Remove account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your account?' });
    await dialog.getByLabel('Password').fill('correct horse battery');
    await expectUsable(page, dialog, {
      'Remove for good': dialog.getByRole('button', { name: 'Remove for good' }),
      Cancel: dialog.getByRole('button', { name: 'Cancel' }),
    });
    await screenshots(page, testInfo, 'remove-account', width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('the audio list’s text of a story', async ({ page }, testInfo) => {
  await signUpThroughApi(page, 'Textleser');
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/stories/audios');
    await page
      .getByRole('button', { name: /^Show the text of “/ })
      .first()
      .click();
    const modal = page.getByTestId('audio-text-modal');
    await expect(modal.locator('div[lang="de"] p').first()).not.toBeEmpty();
    await expectUsable(page, modal, {
      Play: modal.getByRole('button', { name: /^Play “/ }),
      Close: modal.getByRole('button', { name: 'Close' }),
    });
    await screenshots(page, testInfo, 'audio-text', width);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  }
});

test('the word look-up: a sheet on phones, a popover on a desktop', async ({ page }, testInfo) => {
  const touch = testInfo.project.name === 'phone';
  await signUpThroughApi(page, 'Nachschlag');
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/stories/1');
    const word = page
      .getByTestId('story-word')
      .filter({ hasText: /^wohnt$/ })
      .first();
    await (touch ? word.tap() : word.click());
    const card = page.getByTestId('word-card');
    await expect(card.getByRole('heading', { name: 'wohnen' })).toBeVisible();
    await expect(card).toHaveRole('dialog');
    await expectUsable(
      page,
      card,
      {
        'Save word': card.getByRole('button', { name: 'Save word' }),
        Close: card.getByRole('button', { name: 'Close' }),
      },
      { aboveNavigation: true },
    );
    // The tapped word stays in view beside the card, not under it.
    await expect(word).toBeInViewport({ ratio: 1 });
    await expect.poll(() => reachedAtCentre(word)).toBe(true);
    await screenshots(page, testInfo, width === 1400 ? 'word-popover' : 'word-sheet', width);
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toBeHidden();
  }
});

/** The browser's install offer, as Chromium sends it (install.spec.ts explains the stand-in). */
const OFFER = `(() => {
  const offer = new Event('beforeinstallprompt', { cancelable: true });
  offer.prompt = async () => {};
  offer.userChoice = Promise.resolve({ outcome: 'dismissed' });
  window.dispatchEvent(offer);
})()`;

test('the install offer', async ({ page }, testInfo) => {
  // A returning visitor: the offer is due.
  await page.addInitScript(() => {
    if (!localStorage.getItem('lesefuchs.visits')) localStorage.setItem('lesefuchs.visits', '1');
  });
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(OFFER);
    const offer = page.getByTestId('install-prompt');
    await expectUsable(
      page,
      offer,
      {
        Install: offer.getByRole('button', { name: 'Install', exact: true }),
        'Not now': offer.getByRole('button', { name: 'Not now' }),
        Close: offer.getByRole('button', { name: 'Close the install offer' }),
      },
      { aboveNavigation: true },
    );
    await screenshots(page, testInfo, 'install-offer', width);
  }
});

test('a tour’s popover', async ({ page }, testInfo) => {
  await signUpThroughApi(page, 'Rundgang');
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/profile');
    await page
      .getByTestId('profile-tours')
      .getByRole('button', { name: 'Story viewer tour' })
      .click();
    await expect(page).toHaveURL(/\/stories\/1$/);
    const popover = page.locator('.driver-popover');
    await expect(popover.locator('.driver-popover-title')).toHaveText('The story');
    // Once its fade-in has finished.
    await expect(popover).toHaveCSS('opacity', '1');
    await expectUsable(page, popover, {
      Next: popover.getByRole('button', { name: /^Next/ }),
      Close: popover.getByRole('button', { name: 'Close tour' }),
    });
    await screenshots(page, testInfo, 'tour', width);
    await popover.getByRole('button', { name: 'Close tour' }).click();
    await expect(popover).toHaveCount(0);
  }
});
