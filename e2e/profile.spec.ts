import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signUpThroughApi, test, useTheme } from './fixtures';

for (const theme of ['light', 'dark'] as const) {
  test(`profile in the ${theme} theme: avatar, password, removal; the address can sign up again`, async ({
    page,
    axe,
  }, testInfo) => {
    await useTheme(page, theme);
    const user = await signUpThroughApi(page, 'Profil');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Profil');
    await expect(page.getByText(user.email)).toBeVisible();

    // Avatar: choose one, and it is still chosen after a reload.
    await page.getByRole('radio', { name: 'Komet' }).click();
    await expect(page.getByText('Avatar saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Komet' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-profile.png`,
      fullPage: true,
    });

    // Password: a wrong current password is refused; the right one changes it.
    const panel = page.getByRole('region', { name: 'Change password' });
    await panel.getByLabel('Current password').fill('not my password');
    await panel.getByLabel('New Password').fill('Noch ein Passwort 2');
    await panel.getByLabel('Confirm Password').fill('Noch ein Passwort 2');
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(panel.getByRole('alert')).toHaveText('The current password is wrong.');
    await panel.getByLabel('Current password').fill('correct horse battery');
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(panel.getByRole('status')).toContainText('Your password has been changed.');

    // Removal asks first, then deletes; the page says so and the visitor is signed out.
    await page.getByRole('button', { name: 'Remove account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your account?' });
    await expect(dialog).toBeVisible();
    await axe(page);
    await dialog.getByLabel('Password').fill('Noch ein Passwort 2');
    await dialog.getByRole('button', { name: 'Remove for good' }).click();
    await expect(page.getByText('Account deleted successfully.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

    const again = await page.request.post('/api/auth/sign-up/email', {
      data: {
        email: user.email,
        password: 'correct horse battery',
        name: `Wieder${Date.now() % 100_000}`,
      },
    });
    expect(again.status()).toBe(200);
  });
}

test('signed in, the interface speaks the profile language, and a new choice is saved to it', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Sprache', { nativeLanguage: 'kr' });
  await page.goto('/study');
  await expect(page.getByRole('heading', { level: 1, name: '학습' })).toBeVisible();
  await page.getByLabel('인터페이스 언어').selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Estudiar' })).toBeVisible();
  // Forget what this browser remembered: the profile still says Spanish.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Estudiar' })).toBeVisible();
});

test('a changed preference survives a reload, reaches the account, and can be reset', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Vorlieben');
  await page.goto('/profile');
  await page.getByLabel('Reading mode').selectOption('lesson');
  await page.getByLabel('Target words in bold').uncheck();
  await page.reload();
  await expect(page.getByLabel('Reading mode')).toHaveValue('lesson');
  await expect(page.getByLabel('Target words in bold')).not.toBeChecked();
  // Leaving the page handed the queued changes to the browser's beacon: the account has them.
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile.preferences)
    .toMatchObject({ storyMode: 'lesson', boldTargetWords: false });

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Reset preferences' }).click();
  await expect(page.getByText('Preferences reset to their defaults.')).toBeVisible();
  await expect(page.getByLabel('Reading mode')).toHaveValue('normal');
});

test('the nickname and the level change from the profile, under the nickname rules on the server too', async ({
  page,
  browser,
}) => {
  // Someone else already has a nickname.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const { name: taken } = await signUpThroughApi(otherPage, 'Besetzt');
  await other.close();

  await signUpThroughApi(page, 'Umbenannt');
  await page.goto('/profile');
  const nickname = page.getByTestId('profile-nickname');
  const save = page.getByRole('button', { name: 'Save nickname' });

  // A rule broken while typing shows at once.
  await nickname.fill('a__b');
  await expect(
    page.getByText('Nickname cannot contain two underscores or hyphens in a row'),
  ).toBeVisible();
  // Another learner's nickname is refused by the server.
  await nickname.fill(taken);
  await save.click();
  await expect(
    page.getByText('This nickname is already taken. Please choose another.'),
  ).toBeVisible();
  // The server refuses a broken rule whatever the page lets through.
  const refused = await page.request.post('/api/auth/update-user', {
    data: { name: 'x' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);

  const fresh = `Leser${Date.now().toString(36).slice(-6)}`;
  await nickname.fill(fresh);
  await save.click();
  await expect(page.getByText('Nickname saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fresh);

  await page.getByTestId('profile-level').selectOption('B2');
  await expect(page.getByText('Level saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-level')).toHaveValue('B2');
  await expect(page.getByTestId('profile-nickname')).toHaveValue(fresh);
  const profile = (await (await page.request.get('/api/profile')).json()) as {
    profile: { nickname: string; userLevel: string };
  };
  expect(profile.profile).toMatchObject({ nickname: fresh, userLevel: 'B2' });

  // The profile's level is where the story list starts.
  await page.goto('/stories');
  await expectStoriesAt(page, 'B2');
});

/** Every story card the list shows is at `level`. */
async function expectStoriesAt(page: Page, level: string) {
  const levels = page.getByTestId('story-card').getByText(/^(A1|A2|B1|B2|C1|C2)$/);
  await expect(levels.first()).toBeVisible();
  await expect
    .poll(async () => {
      const shown = await levels.allTextContents();
      return shown.length > 0 && shown.every((shownLevel) => shownLevel === level);
    })
    .toBe(true);
}

test('a guest who chose A1 signs up and the profile says A1; its levels in the settings set it too', async ({
  page,
}) => {
  await page.goto('/level');
  await page.getByRole('button', { name: /^A1 · Beginner/ }).click();
  await expect(page).toHaveURL(/\/stories(\?|$)/);
  await expectStoriesAt(page, 'A1');

  await signUpThroughApi(page, 'Anfang');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-level')).toHaveValue('A1');
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile.userLevel)
    .toBe('A1');

  // Levels chosen for the story list in the settings: the profile takes the lowest of them.
  await page.goto('/settings');
  const levels = page
    .getByRole('region', { name: 'Story list', exact: true })
    .getByRole('group', { name: 'Levels to start with' });
  await expect(levels.getByLabel('A1', { exact: true })).toBeChecked();
  await levels.getByLabel('B1', { exact: true }).check();
  await levels.getByLabel('C1', { exact: true }).check();
  await levels.getByLabel('A1', { exact: true }).uncheck();
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).profile.userLevel)
    .toBe('B1');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-level')).toHaveValue('B1');
});
