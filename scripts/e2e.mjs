// Runs the end-to-end suite: Debian's Chromium, the production build, the real server on a
// free port with a fresh data directory (started and stopped by Playwright's webServer).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian packages the suite needs: the browser, and a Korean font so screenshots show Hangul. */
const PACKAGES = [
  { name: 'chromium', present: () => existsSync(CHROMIUM) },
  { name: 'fonts-nanum', present: () => existsSync('/usr/share/fonts/truetype/nanum') },
];

function ensurePackages() {
  const missing = PACKAGES.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(
      `Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(
    `[e2e] installing ${missing.join(', ')} from Debian (Playwright cannot download its own browser here)`,
  );
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

ensurePackages();
if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const port = await freePort();
const oidcPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-e2e-'));
const extra = process.argv.slice(2).filter((arg) => arg !== '--no-build');
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_OIDC_PORT: String(oidcPort),
      E2E_DATA_DIR: dataDir,
      CHROMIUM_PATH: CHROMIUM,
    },
  },
);
// The run's database goes with it; the screenshots and results stay in e2e/.output.
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
