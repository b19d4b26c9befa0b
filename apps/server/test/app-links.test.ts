import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_LINK_PATH_PREFIXES } from '@lesefuchs/core/app-links';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { APP_ID, appLinkRoutes } from '../src/routes/app-links.ts';

// The files by which Android and iOS let the server's links open the installed app (App Links,
// Universal Links), and their configuration. The mounted server without them answers 404
// (app-origins.test.ts).

const FINGERPRINT = Array.from({ length: 32 }, (_, index) =>
  index.toString(16).padStart(2, '0'),
).join(':');

// The configuration writes its session secret into the data directory: a temporary one.
const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-app-links-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configOf = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, PORT: '3000', ...env });

describe('app links', () => {
  it('names the Android app and its signing certificates in assetlinks.json', async () => {
    const routes = appLinkRoutes(configOf({ ANDROID_CERT_FINGERPRINTS: FINGERPRINT }).appLinks);
    const answer = await routes.request('/assetlinks.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: APP_ID,
          sha256_cert_fingerprints: [FINGERPRINT.toUpperCase()],
        },
      },
    ]);
    // iOS is not set up: its file is not there.
    expect((await routes.request('/apple-app-site-association')).status).toBe(404);
  });

  it('names the iOS app and the paths it opens in apple-app-site-association', async () => {
    const routes = appLinkRoutes(configOf({ IOS_APP_IDS: 'ABCDE12345.app.lesefuchs' }).appLinks);
    const answer = await routes.request('/apple-app-site-association');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      applinks: { details: { appIDs: string[]; components: unknown[] }[] };
    };
    expect(body.applinks.details[0]?.appIDs).toEqual(['ABCDE12345.app.lesefuchs']);
    expect(body.applinks.details[0]?.components).toEqual(
      APP_LINK_PATH_PREFIXES.map((prefix) => ({ '/': `${prefix}*` })),
    );
    expect((await routes.request('/assetlinks.json')).status).toBe(404);
  });

  it('takes only fingerprints and app ids, and has none by default', () => {
    expect(configOf({}).appLinks).toEqual({ androidCertFingerprints: [], iosAppIds: [] });
    expect(() => configOf({ ANDROID_CERT_FINGERPRINTS: 'AA:BB' })).toThrow(ConfigError);
    expect(() => configOf({ IOS_APP_IDS: 'app.lesefuchs' })).toThrow(ConfigError);
    expect(
      configOf({ ANDROID_CERT_FINGERPRINTS: `${FINGERPRINT}, ${FINGERPRINT}` }).appLinks
        .androidCertFingerprints,
    ).toHaveLength(2);
  });
});
