/**
 * React's API on Preact: the app, its libraries and its component tests import `react` and
 * `react-dom`, and the bundler hands them `preact/compat`, about 10 KB gzip instead of React's 68
 * (see docs/architecture.md, "Preact in the browser"). The types stay React's.
 */
export const preactAliases = {
  // React 18's shim, which Preact has built in.
  'use-sync-external-store/shim/index.js': 'preact/compat',
  'use-sync-external-store/shim': 'preact/compat',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};
