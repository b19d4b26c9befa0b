// First of all: zod must not probe `new Function` under the page's CSP (see core's browser-setup).
import '@lesefuchs/core/browser-setup';
import './lib/preact-timing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { i18nReady } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A Spanish or Korean interface loads its texts first (English ships with the app).
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

// The service worker is for the web only: inside the native shell, Capacitor serves the files.
const native = (
  window as { Capacitor?: { isNativePlatform?: () => boolean } }
).Capacitor?.isNativePlatform?.();
if (!native && import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}
