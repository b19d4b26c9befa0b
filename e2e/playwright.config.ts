import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? './data-e2e';
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3198);
/** A local OpenID Connect provider standing in for Google (see oidc-provider.mjs). */
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // The audio tests start playback from code as well as from clicks.
    '--autoplay-policy=no-user-gesture-required',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: './.output/results',
  fullyParallel: false,
  // Test files run in separate browsers against the one server. Most of a journey is waiting
  // (audio playing, queues flushing, debounces), so three workers fit on two cores.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1400, height: 900 } } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: [
    {
      command: `node e2e/oidc-provider.mjs ${oidcPort}`,
      cwd: '..',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node apps/server/dist/index.js',
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        GOOGLE_CLIENT_ID: 'lesefuchs-e2e-client',
        GOOGLE_CLIENT_SECRET: 'lesefuchs-e2e-secret',
        GOOGLE_ISSUER_URL: oidcIssuer,
      },
    },
  ],
});
