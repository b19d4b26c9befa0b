import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A Spanish or Korean interface loads its texts first (English ships with the app).
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
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
