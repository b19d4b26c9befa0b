import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases';

// Two tiers run by `npm test` in order: unit (pure and component tests) and integration
// (the real server through app.request() on PGlite, and on PostgreSQL when one answers).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/core/src/**/*.test.ts',
            'content/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // The component tests run on what ships: Preact behind React's API, on the libraries' ES
        // builds, which Vite transforms, so that their own `react` imports meet the alias too.
        resolve: { conditions: ['module', 'browser', 'development'] },
        test: {
          name: 'web',
          alias: {
            ...preactAliases,
            '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
          },
          server: { deps: { inline: true } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/lib/preact-timing.test-setup.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
