import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test, useTheme } from './fixtures';

// The look-up card a learner opens by tapping a word: in view on a phone and on a desktop, one
// tap per word, the right dictionary form in context, in the focus mode too, and the text
// laid out so no line starts with punctuation.

const word = (page: Page, text: string) =>
  page
    .getByTestId('story-word')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();

/** A tap on a phone, a click on a desktop. */
const press = (locator: Locator, phone: boolean) => (phone ? locator.tap() : locator.click());

/** The card is wholly inside the window and above the bottom navigation when that shows. */
async function expectInView(page: Page) {
  const card = page.getByTestId('word-card');
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no card box or viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  const nav = page.getByTestId('side-nav');
  if ((await nav.count()) > 0) {
    const navBox = await nav.boundingBox();
    if (navBox && navBox.y < viewport.height) {
      expect(box.y + box.height).toBeLessThanOrEqual(navBox.y + 0.5);
    }
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`the look-up card in the ${theme} theme: in view, one tap per word, the form in context`, async ({
    page,
    axe,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await useTheme(page, theme);
    await page.goto('/stories/1');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Der Zug nach Hamburg' }),
    ).toBeVisible();

    await press(word(page, 'wohnt'), phone);
    const card = page.getByTestId('word-card');
    await expect(card.getByRole('heading', { name: 'wohnen' })).toBeVisible();
    await expectInView(page);
    await expect(card.getByTestId('word-form')).toContainText('wohnt → wohnen');

    // Another word with one tap: the card moves to it.
    await press(word(page, 'Zug'), phone);
    await expect(card.getByRole('heading', { name: 'der Zug' })).toBeVisible();
    await expect(card.getByTestId('word-translation')).toContainText('train');
    await expectInView(page);

    // "Tom weiß die Adresse nicht": the verb wissen, with the adjective as the other reading.
    await press(word(page, 'weiß'), phone);
    await expect(card.getByRole('heading', { name: 'wissen' })).toBeVisible();
    await expect(card.getByTestId('word-form')).toContainText('weiß → wissen');
    await expect(card.getByTestId('word-also')).toContainText('white');
    await expectInView(page);
    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-word-card.png`,
    });

    // A separable verb written apart: its infinitive and why.
    await press(word(page, 'hole'), phone);
    await expect(card.getByRole('heading', { name: 'abholen' })).toBeVisible();
    await expect(card.getByTestId('word-form')).toContainText('separable');
    await expectInView(page);

    // The sentence's translation on demand.
    await card.getByRole('button', { name: 'Translate the sentence' }).click();
    await expect(card.getByTestId('sentence-translation')).not.toBeEmpty();

    // Escape closes it; from the keyboard, Enter opens it and focus comes back to the word.
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    const zug = word(page, 'Zug');
    await zug.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('heading', { name: 'der Zug' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(zug).toBeFocused();
  });
}

test('the focus mode looks words up too, and a tap elsewhere closes the card', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await page.goto('/stories/1?mode=focus');
  await press(word(page, 'Tom'), phone);
  const card = page.getByTestId('word-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('word-translation')).toContainText('name');
  await expectInView(page);
  await press(page.getByRole('heading', { level: 1 }), phone);
  await expect(card).toHaveCount(0);
});

test('no line of a story starts with punctuation or ends with an opening quote', async ({
  page,
}) => {
  for (const id of [1, 20, 44]) {
    await page.goto(`/stories/${id}`);
    await expect(page.getByTestId('story-word').first()).toBeVisible();
    const bad = await page.evaluate(() => {
      const root = document.querySelector('.story-text');
      if (!root) return ['no text'];
      const problems: string[] = [];
      for (const paragraph of Array.from(root.querySelectorAll('p'))) {
        // Every visible character with the top of its line box, in reading order.
        const chars: { ch: string; top: number }[] = [];
        const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            if (/\s/.test(text[i] as string) || text[i] === '▸') continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect) chars.push({ ch: text[i] as string, top: rect.top });
          }
        }
        const lines: string[] = [];
        let top = Number.NEGATIVE_INFINITY;
        for (const { ch, top: charTop } of chars) {
          if (charTop > top + 4) {
            lines.push('');
            top = charTop;
          }
          lines[lines.length - 1] += ch;
        }
        for (const line of lines) {
          if (/^[,.;:!?»“]/.test(line)) problems.push(`starts: ${line.slice(0, 30)}`);
          if (/[„«]$/.test(line)) problems.push(`ends: ${line.slice(-30)}`);
        }
        if (lines.length === 0) problems.push('a paragraph without lines');
      }
      return problems;
    });
    expect(bad, `story ${id}`).toEqual([]);
  }
});
