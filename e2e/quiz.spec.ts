import type { QuizWord } from '@lesefuchs/core';
import type { Page } from '@playwright/test';
import {
  expect,
  SCREENSHOT_DIR,
  serviceWorkerActive,
  showTheme,
  signUpThroughApi,
  test,
  useTheme,
} from './fixtures';

// The quiz of issue #17: every game mode played to its end (the timers on Playwright's clock),
// gender mode asking only nouns with a gender, the right answer after a wrong one, the missed
// words saved, the scoreboard after a reload and on a second device, and a game offline from
// the device's copy of the words. The quiz tour starts from the user menu (stats.spec.ts).

/** A returning visitor who has seen the quiz tour (the tour test starts without it). */
async function skipQuizTour(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem('lesefuchs.tours.completed', '["app","quiz"]'),
  );
}

async function choose(page: Page, options: { study?: string; game: string; deck?: string }) {
  if (options.study)
    await page.getByRole('radio', { name: new RegExp(`^${options.study}`) }).check();
  await page.getByRole('radio', { name: new RegExp(`^${options.game}`) }).check();
  if (options.deck) await page.getByRole('button', { name: options.deck, exact: true }).click();
}

/** The words the quiz fetched, as the browser received them. */
function captureWords(page: Page): QuizWord[] {
  const words: QuizWord[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/quiz/words') || !response.ok()) return;
    const body = (await response.json()) as { words: QuizWord[] };
    words.push(...body.words);
  });
  return words;
}

const game = (page: Page) => page.getByTestId('quiz-game');
const end = (page: Page) => page.getByTestId('quiz-end');

/** Answers choice questions with the first option until the end screen; returns how many. */
async function playChoicesToEnd(page: Page): Promise<number> {
  let answered = 0;
  while (!(await end(page).isVisible())) {
    await page.getByTestId('quiz-option').first().click();
    answered += 1;
    await page.getByRole('button', { name: /^(Continue|See the result)/ }).click();
  }
  return answered;
}

test('a vocabulary score game: fifteen questions, missed words saved, the best score kept on two devices', async ({
  page,
  browser,
  axe,
}, testInfo) => {
  await skipQuizTour(page);
  const { email } = await signUpThroughApi(page, 'Quiz');
  await page.goto('/level');
  await page.getByRole('button', { name: /^A1 · Beginner/ }).click();
  await expect(page).toHaveURL(/\/stories/);
  await page.goto('/study/quiz');
  await expect(page.getByRole('heading', { name: 'Quiz', level: 1 })).toBeVisible();
  await choose(page, { study: 'Vocabulary', game: 'Score', deck: 'A1' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(game(page)).toBeVisible();
  await expect(page.getByText('Question 1 of 15')).toBeVisible();
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-quiz-question.png`,
  });

  // A wrong answer shows the right one.
  const options = page.getByTestId('quiz-option');
  await options.first().click();
  const right = options.and(page.locator('[data-correct="true"]'));
  await expect(right).toHaveCount(1);
  const feedback = page.getByTestId('quiz-feedback');
  if ((await options.first().getAttribute('data-correct')) === 'false') {
    const text = (await right.getByTestId('quiz-option-text').innerText()).trim();
    await expect(feedback).toContainText(`The answer is “${text}”`);
  } else {
    await expect(feedback).toContainText('Right!');
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(1 + (await playChoicesToEnd(page))).toBe(15);

  await expect(end(page)).toBeVisible();
  await expect(end(page)).toContainText('of 15 right');
  const score = (await page.getByTestId('quiz-final-score').innerText()).trim();
  await expect(page.getByTestId('quiz-best')).toContainText('A new best score!');
  // The day's first finished game: the streak moment, and what to do next.
  await expect(end(page).getByTestId('streak-moment')).toHaveText('Day 1 of your streak');
  await expect(end(page).getByTestId('next-story')).toContainText('Next at A1:');
  await expect(
    end(page).getByRole('link', { name: 'Review the words of this deck' }),
  ).toHaveAttribute('href', '/vocabulary?deck=level-A1');
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-quiz-end.png`,
    fullPage: true,
  });
  // Dark through the system's scheme: a reload would end the game's screen.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-quiz-end.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await page.emulateMedia({ colorScheme: 'light' });

  // The missed words go to my list.
  const missed = page.getByTestId('quiz-missed-word');
  const missedCount = await missed.count();
  expect(missedCount).toBeGreaterThan(0);
  const firstMissed = (await missed.first().locator('span[lang="de"]').first().innerText()).trim();
  await page.getByRole('button', { name: 'Save these words' }).click();
  await expect(page.getByRole('button', { name: 'Saved to your words' })).toBeDisabled();
  await page.getByRole('button', { name: 'Make flashcards' }).click();
  await expect(page.getByText(/flashcards? (is|are) ready/)).toBeVisible();

  await page.goto('/vocabulary');
  await page.getByRole('button', { name: /^My list/ }).click();
  // (In the list itself: a short word such as "da" also occurs in the menu's hidden links.)
  await expect(
    page.getByRole('list', { name: 'My list' }).getByText(firstMissed, { exact: false }).first(),
  ).toBeVisible();

  // The best score after a reload, and on a second device signed in as the same learner.
  await page.goto('/study/quiz');
  await expect(page.getByTestId('quiz-best-score')).toContainText(score);
  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const second = await other.newPage();
    await skipQuizTour(second);
    const signIn = await second.request.post('/api/auth/sign-in/email', {
      data: { email, password: 'correct horse battery' },
    });
    expect(signIn.ok()).toBe(true);
    await expect(async () => {
      await second.goto('/study/quiz');
      await expect(second.getByTestId('quiz-best-score')).toContainText(score, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await other.close();
  }
});

test('gender survival: only nouns with a gender, the right article and its rule, three hearts', async ({
  page,
}, testInfo) => {
  await skipQuizTour(page);
  const words = captureWords(page);
  await page.goto('/study/quiz');
  await choose(page, { study: 'Gender', game: 'Survival', deck: 'A2' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(game(page)).toBeVisible();
  await expect.poll(() => words.length).toBeGreaterThan(0);
  for (const word of words) {
    expect(word.partOfSpeech, word.word).toBe('noun');
    expect(word.gender, word.word).not.toBeNull();
  }
  const articleOf = (prompt: string) => {
    const word = words.find((candidate) => candidate.baseWord === prompt);
    if (!word?.gender) throw new Error(`"${prompt}" is not among the fetched nouns`);
    return { masculine: 'der', feminine: 'die', neuter: 'das' }[word.gender];
  };
  await expect(page.getByTestId('quiz-hearts')).toHaveAttribute('aria-label', '3 hearts left');

  for (let mistake = 1; mistake <= 3; mistake++) {
    const prompt = (await page.getByTestId('quiz-prompt').innerText()).trim();
    const options = page.getByTestId('quiz-option');
    await expect(options.getByTestId('quiz-option-text')).toHaveText(['der', 'die', 'das']);
    const article = articleOf(prompt);
    const wrong = ['der', 'die', 'das'].find((candidate) => candidate !== article) as string;
    await options
      .filter({
        has: page.getByTestId('quiz-option-text').filter({ hasText: new RegExp(`^${wrong}$`) }),
      })
      .click();
    await expect(page.getByTestId('quiz-feedback')).toContainText(
      `The answer is “${article} ${prompt}”`,
    );
    if (mistake === 1) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-quiz-gender.png`,
      });
    }
    await page.getByRole('button', { name: /^(Continue|See the result)/ }).click();
  }
  await expect(end(page)).toBeVisible();
  await expect(end(page)).toContainText('0 of 3 right');
  await expect(page.getByTestId('quiz-missed-word')).toHaveCount(3);
  await showTheme(page, 'dark');
  await expect(page.getByRole('heading', { name: 'Quiz', level: 1 })).toBeVisible();
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-quiz-setup.png`,
    fullPage: true,
  });
});

test('timer and lightning run on the clock; true or false by keyboard or by tap', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const shot = (name: string) =>
    page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-quiz-${name}.png` });
  await skipQuizTour(page);
  await useTheme(page, 'dark');
  await page.clock.install();
  await page.goto('/study/quiz');

  // Timer: 45 s for as many as possible.
  await choose(page, { study: 'Vocabulary', game: 'Timer', deck: 'A1' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('quiz-clock')).toContainText('45 s');
  await shot('timer');
  await page.getByTestId('quiz-option').first().click();
  await page.clock.runFor(46_000);
  await expect(end(page)).toBeVisible();
  await expect(end(page)).toContainText('of 1 right');
  await page.getByRole('button', { name: 'Change settings' }).click();

  // Lightning: 3 s a question; every unanswered one is a miss, twenty in all.
  await choose(page, { game: 'Lightning' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Question 1 of 20')).toBeVisible();
  await page.clock.runFor(3_100);
  await expect(page.getByTestId('quiz-feedback')).toContainText('Time is up.');
  await shot('lightning');
  for (let i = 0; i < 40 && !(await end(page).isVisible()); i++) await page.clock.runFor(2_500);
  await expect(end(page)).toBeVisible();
  await expect(end(page)).toContainText('0 of 20 right');
  await page.getByRole('button', { name: 'Change settings' }).click();

  // True or false: T and Enter with a keyboard, taps on a phone (which shows no keys).
  await choose(page, { game: 'True or false' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('quiz-proposed')).toBeVisible();
  await shot('true-false');
  await expect(page.getByTestId('quiz-true').locator('kbd')).toHaveCount(phone ? 0 : 1);
  for (let i = 0; i < 15; i++) {
    if (phone) await page.getByTestId('quiz-true').click();
    else await page.keyboard.press('t');
    await expect(page.getByTestId('quiz-feedback')).not.toBeEmpty();
    if (phone) await page.getByRole('button', { name: /^(Continue|See the result)/ }).click();
    else await page.keyboard.press('Enter');
  }
  await expect(end(page)).toBeVisible();
  await expect(end(page)).toContainText('of 15 right');
});

test.describe('offline', () => {
  // The reload offline needs the service worker, which the other suites block.
  test.use({ serviceWorkers: 'allow' });

  test('a game offline from the words on the device, also after a reload', async ({
    page,
    context,
  }) => {
    await skipQuizTour(page);
    await page.goto('/study/quiz');
    await choose(page, { study: 'Vocabulary', game: 'Score', deck: 'B1' });
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(game(page)).toBeVisible();
    await page.getByRole('button', { name: 'End game' }).click();
    await expect(end(page)).toBeVisible();
    await serviceWorkerActive(page);

    await context.setOffline(true);
    // The service worker's own fetches escape the offline emulation: cut them off too.
    const cutOff = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
    await context.route('**/api/**', cutOff);
    try {
      await page.getByRole('button', { name: 'Play again' }).click();
      await expect(game(page)).toBeVisible();
      expect(await playChoicesToEnd(page)).toBe(15);
      await expect(end(page)).toContainText('of 15 right');

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Quiz', level: 1 })).toBeVisible();
      await expect(page.getByRole('radio', { name: /^Score/ })).toBeChecked();
      await page.getByRole('button', { name: 'Start' }).click();
      await expect(game(page)).toBeVisible();
      await page.getByTestId('quiz-option').first().click();
      await expect(page.getByTestId('quiz-feedback')).not.toBeEmpty();
    } finally {
      await context.unroute('**/api/**', cutOff);
      await context.setOffline(false);
    }
  });
});
