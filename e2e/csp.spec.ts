import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test('the app runs under a strict Content-Security-Policy with no violation', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one width is enough: the policy is the same');
  const violations = await recordViolations(page);

  const html = await page.request.get('/');
  const policy = html.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  const scriptSrc = policy
    .split(';')
    .find((directive) => directive.trim().startsWith('script-src'));
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');

  // Signed out, then signed in: every main screen, a word tapped, audio started.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The theme script ran (allowed by its hash) before the app: the class is set either way.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await signUpThroughApi(page, 'Policy');
  for (const path of [
    '/',
    '/stories',
    '/stories/audios',
    '/vocabulary',
    '/study/flashcards',
    '/profile',
  ]) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
  }
  await page.goto('/stories/1');
  await page.getByTestId('story-word').filter({ hasText: /^Zug$/ }).first().click();
  await expect(page.getByTestId('word-meaning').first()).toContainText('train');
  await page.getByRole('button', { name: 'Listen to the story' }).click();
  await expect(page.getByRole('button', { name: 'Pause the audio' })).toBeVisible({
    timeout: 15_000,
  });

  expect(await violations()).toEqual([]);

  // And the policy really holds: a script injected into the page does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((line) => line.includes('script-src'))).toBe(true);
});
