import { APP_LINK_PATH_PREFIXES } from '@lesefuchs/core/app-links';
import { Hono } from 'hono';
import type { Config } from '../config.ts';

/** The native app's id (apps/native/capacitor.config.ts): its Android package. */
export const APP_ID = 'app.lesefuchs';

/**
 * The files by which Android and iOS let this server's links open the installed app instead of
 * the browser (App Links, Universal Links): each names the app and how it is signed, so only
 * our app may take the links. Served when configured (ANDROID_CERT_FINGERPRINTS, IOS_APP_IDS),
 * else 404; the app declares this server's host when it is built (apps/native/app-links.mjs).
 */
export function appLinkRoutes(appLinks: Config['appLinks']) {
  const cached = (body: unknown) =>
    new Response(JSON.stringify(body), {
      headers: {
        'Content-Type': 'application/json',
        // The systems fetch these at install and now and then; a day's cache is plenty.
        'Cache-Control': 'public, max-age=86400',
      },
    });
  const app = new Hono();
  if (appLinks.androidCertFingerprints.length > 0) {
    const statements = [
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: APP_ID,
          sha256_cert_fingerprints: appLinks.androidCertFingerprints,
        },
      },
    ];
    app.get('/assetlinks.json', () => cached(statements));
  }
  if (appLinks.iosAppIds.length > 0) {
    const association = {
      applinks: {
        details: [
          {
            appIDs: appLinks.iosAppIds,
            components: APP_LINK_PATH_PREFIXES.map((prefix) => ({ '/': `${prefix}*` })),
          },
        ],
      },
    };
    app.get('/apple-app-site-association', () => cached(association));
  }
  // Not the web app's page either: a system asking for a file that is not set up gets a 404.
  app.all('*', (c) => c.notFound());
  return app;
}
