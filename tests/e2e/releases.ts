import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** The production build the browser tests run against (`DIST_DIR`, as in scripts/run-e2e.mjs). */
export const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');

/** Site-root path of the build's file in `assets/` whose name starts with `prefix`, e.g. `checkout-page`. */
export function assetOf(distDir: string, prefix: string): string {
  const file = readdirSync(join(distDir, 'assets')).find((name) =>
    new RegExp(`^${prefix}-[^.]+\\.js$`).test(name),
  );
  if (!file) throw new Error(`${distDir}/assets has no ${prefix}-*.js: build first`);
  return `/assets/${file}`;
}

/**
 * A RegExp matching URLs whose path ends in `path` exactly, whatever their query (a retry of the
 * checkout's download asks for `…/checkout-page-<hash>.js?attempt=N`); for `page.route` and
 * `injectedFailures`.
 */
export function urlEndingIn(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?[^#]*)?$`);
}

/**
 * Builds a "new release" of {@link DIST_DIR} (scripts/make-next-release.mjs: every hashed asset
 * renamed) in a fresh temporary directory and returns its path; `remove` deletes it.
 */
export function makeReleaseCopy(salt: string): { dir: string; remove: () => void } {
  const parent = mkdtempSync(join(tmpdir(), 'pet-ball-release-'));
  const dir = join(parent, 'dist');
  execFileSync('node', ['scripts/make-next-release.mjs', DIST_DIR, dir, '--salt', salt], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** The security headers a server sends on every response (deploy/nginx.conf), lower-case. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
];

/**
 * From now on, answers every request of the page to its own origin from the build in `dir`, as the
 * production server would (deploy/nginx.conf): `/` → index.html, `/checkout` → checkout.html, files
 * as they are, anything missing → 404, each with the security headers the page's server sends (a
 * reload that lost `Cross-Origin-Opener-Policy` would switch browsing context groups and drop the
 * history entry's state, which no real deploy does). This is a deploy that replaced the site's files
 * mid-visit: the previous release's hashed files are gone.
 */
export async function serveRelease(page: Page, dir: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const served = (await page.request.get(`${origin}/`)).headers();
  const securityHeaders = Object.fromEntries(
    SECURITY_HEADERS.filter((name) => served[name] !== undefined).map((name) => [name, served[name]!]),
  );
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file =
        pathname === '/' ? 'index.html' : pathname === '/checkout' ? 'checkout.html' : pathname.slice(1);
      const path = join(dir, file);
      const isServable = !file.includes('..') && existsSync(path) && statSync(path).isFile();
      if (isServable)
        await route.fulfill({ path, headers: { ...securityHeaders, 'Cache-Control': 'no-cache' } });
      else
        await route.fulfill({
          status: 404,
          contentType: 'text/plain',
          headers: securityHeaders,
          body: 'Not Found',
        });
    },
  );
}
