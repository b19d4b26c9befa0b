// App links: the server's own links (the e-mail confirmation, a password reset, a story) open
// the installed app instead of the browser (Android App Links, iOS Universal Links). The app
// declares the server's host, which is known only when the app is built for a server
// (LESEFUCHS_SERVER_URL, as for the web build in it): this writes it into the Android manifest
// (an auto-verified intent filter for the paths of packages/core/src/app-links.json) and the
// iOS entitlements (associated domains). The server proves the app may take them with its
// /.well-known files (ANDROID_CERT_FINGERPRINTS, IOS_APP_IDS). Both systems insist on https:
// for any other address the app gets no app links, and its own scheme (lesefuchs://) remains.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const MANIFEST = path.join(here, 'android/app/src/main/AndroidManifest.xml');
const ENTITLEMENTS = path.join(here, 'ios/App/App/App.entitlements');
/** The paths that open the app (shared with the server's /.well-known files). */
export const { pathPrefixes: APP_LINK_PATH_PREFIXES } = JSON.parse(
  readFileSync(path.resolve(here, '../../packages/core/src/app-links.json'), 'utf8'),
);

/** The host the app declares for a server address: its name when it is https, else none. */
export function appLinkHost(serverUrl) {
  const server = new URL(serverUrl);
  return server.protocol === 'https:' ? server.hostname : null;
}

const BLOCK = /( *<!-- app-links:begin[^\n]*\n)[\s\S]*?( *<!-- app-links:end -->)/;

/** The Android manifest with the app-links intent filter for `host` (none for null). */
export function manifestWithAppLinks(manifest, host) {
  if (!BLOCK.test(manifest)) throw new Error('AndroidManifest.xml has no app-links markers');
  const lines = host
    ? [
        '<intent-filter android:autoVerify="true">',
        '    <action android:name="android.intent.action.VIEW" />',
        '    <category android:name="android.intent.category.DEFAULT" />',
        '    <category android:name="android.intent.category.BROWSABLE" />',
        '    <data android:scheme="https" />',
        `    <data android:host="${host}" />`,
        ...APP_LINK_PATH_PREFIXES.map((prefix) => `    <data android:pathPrefix="${prefix}" />`),
        '</intent-filter>',
      ]
    : ['<!-- none: the server address is not https -->'];
  const indent = '            ';
  return manifest.replace(
    BLOCK,
    (_whole, begin, end) => `${begin}${lines.map((line) => `${indent}${line}\n`).join('')}${end}`,
  );
}

/** The iOS entitlements: the associated domain of `host` (none for null). */
export function entitlementsFor(host) {
  const domains = host
    ? [
        '\t<key>com.apple.developer.associated-domains</key>',
        '\t<array>',
        `\t\t<string>applinks:${host}</string>`,
        '\t</array>',
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<!-- Written by apps/native/app-links.mjs from LESEFUCHS_SERVER_URL. -->',
    '<plist version="1.0">',
    '<dict>',
    ...domains,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const host = appLinkHost(process.env.LESEFUCHS_SERVER_URL || 'http://localhost:3000');
  writeFileSync(MANIFEST, manifestWithAppLinks(readFileSync(MANIFEST, 'utf8'), host));
  writeFileSync(ENTITLEMENTS, entitlementsFor(host));
  console.log(host ? `app links for https://${host}` : 'no app links (the server is not https)');
}
