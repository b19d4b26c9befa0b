import { expect, SCREENSHOT_DIR, showTheme, signUpThroughApi, test } from './fixtures';

// The end of a story (issue #19): the vocabulary test names the words missed and saves them; the
// finished story shows a summary, the streak moment of the day's first activity, and the next
// story at the learner's level.

interface Entry {
  id: number;
  word: string;
  translationEn: string;
}

test('finishing a story: the missed words are saved, the summary shows the streak and the next story at A1', async ({
  page,
  axe,
}, testInfo) => {
  await signUpThroughApi(page, 'Ende');
  await page.goto('/level');
  await page.getByRole('button', { name: /^A1 · Beginner/ }).click();
  await expect(page).toHaveURL(/\/stories/);

  const detail = (await (await page.request.get('/api/stories/1')).json()) as {
    vocabulary: Entry[];
    targetVocabularyIds: number[];
  };
  const targets = detail.targetVocabularyIds.map(
    (id) => detail.vocabulary.find((entry) => entry.id === id) as Entry,
  );

  await page.goto('/stories/1?mode=normal');
  const test_ = page.getByRole('region', { name: 'Test yourself' });
  await test_.scrollIntoViewIfNeeded();
  const progress = test_.getByText(/^Question \d+ of \d+$/);
  await expect(progress).toBeVisible();
  const total = Number((await progress.textContent())?.match(/of (\d+)/)?.[1]);
  const missed: string[] = [];
  for (let question = 1; question <= total; question += 1) {
    await expect(progress).toHaveText(`Question ${question} of ${total}`);
    const prompt = (await test_.locator('[id$="-question"]').textContent()) ?? '';
    const shown = prompt.replace('What does this mean?', '').trim();
    const entry = targets.find((target) => target.word === shown) as Entry;
    expect(entry, `a target word in “${prompt}”`).toBeTruthy();
    const options = test_.getByRole('list').getByRole('button');
    // The first two wrong, the rest right.
    const wrong = question <= 2;
    if (wrong) missed.push(entry.word);
    const answer = page.getByText(entry.translationEn.trim(), { exact: true });
    const choice = wrong ? options.filter({ hasNot: answer }) : options.filter({ has: answer });
    await choice.first().click();
    await test_.getByRole('button', { name: /^(Next|See the result)/ }).click();
  }
  await expect(test_.getByTestId('test-score')).toHaveText(
    `You got ${total - 2} of ${total} right.`,
  );
  const missedList = test_.getByTestId('missed-words');
  for (const word of missed)
    await expect(missedList).toContainText(word.replace(/^(der|die|das) /, ''));
  await test_.getByRole('button', { name: 'Save the 2 words you missed' }).click();
  await expect(test_.getByText('Saved. They wait for you in your flashcards.')).toBeVisible();

  // Read to the end: the summary, the streak moment, the next story at A1.
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  const summary = page.getByTestId('story-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('streak-moment')).toHaveText('Day 1 of your streak');
  await expect(summary).toContainText('You saved 2 words from it.');
  const next = summary.getByTestId('next-story');
  await expect(next).toContainText('Next at A1:');
  // Offered once: the test's result above the summary no longer repeats it.
  await expect(page.getByTestId('next-story')).toHaveCount(1);
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-story-end.png`,
  });
  await showTheme(page, 'dark');
  // The reload keeps the finished test: its score, the missed words and that they were saved.
  await expect(test_.getByTestId('test-score')).toHaveText(
    `You got ${total - 2} of ${total} right.`,
  );
  for (const word of missed)
    await expect(missedList).toContainText(word.replace(/^(der|die|das) /, ''));
  await expect(test_.getByText('Saved. They wait for you in your flashcards.')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('next-story')).toHaveCount(1);
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-story-end.png`,
  });
  // Back again later the same day, the streak moment is not repeated.
  await expect(summary.getByTestId('streak-moment')).toHaveCount(0);
  const href = await next.getAttribute('href');
  await next.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('header').getByText('A1', { exact: true })).toBeVisible();
});
