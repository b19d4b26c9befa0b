// First of all: zod must not probe `new Function` under the page's CSP (see core's browser-setup;
// it sets zod's global setting without loading zod).
import '@lesefuchs/core/browser-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, loadScreenOf } from './app/router';
import { i18nReady } from './lib/i18n';
import { afterIdle, awaitFirstPaint } from './lib/idle';
import { catchInstallOffer } from './lib/install';
import { isNativeShell } from './lib/native';
import { runEffectsRightAfterRender } from './lib/preact-timing';
import './index.css';

catchInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A Spanish or Korean interface loads its texts first (English ships with the app), and the
// screen of the address is in before the first render, which then shows it at once. (Not a
// top-level await: the screen's module imports this one, which must have finished.)
const painted = awaitFirstPaint();

async function start(container: HTMLElement) {
  await Promise.all([i18nReady, loadScreenOf(window.location.pathname)]);
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
  requestAnimationFrame(() =>
    setTimeout(() => {
      runEffectsRightAfterRender();
      painted();
    }, 0),
  );
}
void start(root);

// The service worker is for the web only: inside the native shell, Capacitor serves the files.
const native = isNativeShell();
// It installs once the page has loaded and the browser is idle, not in the first page's way.
if (!native && import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterIdle(0, () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
