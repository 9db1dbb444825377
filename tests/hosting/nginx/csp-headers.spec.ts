import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentSecurityPolicy, cspHashSource } from '../../../build/content-security-policy';
import { inlineScriptsOf } from '@support/inline-scripts';
import { expect, test } from '@support/playwright/fixtures';
import { getRaw } from '@support/playwright/raw-get';
import { DIST_DIR } from '@support/playwright/releases';
import { en } from '@support/shop-texts';
import { APP_ENTRY_META, APP_SCRIPTS_META, RELEASE_FILE, SERVICE_WORKER_FILE } from '@/lib/shared-names';

/**
 * What the production web server adds, checked only in `npm run test:nginx` (nginx with
 * deploy/nginx.conf; playwright.config.ts collects tests/hosting/nginx/*.spec.ts only when E2E_BASE_URL is set):
 * the security headers on every response, the cache policy, and the not-found page for unknown paths.
 * Why nginx and these headers: docs/decisions/0007-production-server-nginx.md.
 */

/**
 * The headers deploy/nginx.conf adds to every response (`add_header Name "value" always;`, lower-case
 * names), read from the file rather than restated; the Observatory scan (tests/observatory) judges
 * their values. The Content-Security-Policy is the one the served pages need instead: `pages` are the
 * HTML of the prerendered pages (/, /checkout, the not-found page), whose inline script and critical
 * styles it allows by their hashes, so a deployment with a stale policy fails here.
 */
const headers = (pages: string[]) => ({
  ...Object.fromEntries(
    [
      ...readFileSync('deploy/nginx.conf', 'utf8').matchAll(/^\s*add_header ([\w-]+) "([^"]*)" always;/gm),
    ].map(([, name, value]) => [name!.toLowerCase(), value!]),
  ),
  'content-security-policy': contentSecurityPolicy({
    scripts: [...new Set(pages.flatMap((html) => inlineScriptsOf(html).map(({ cspSource }) => cspSource)))],
    styles: pages.flatMap((html) =>
      [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => cspHashSource(css!)),
    ),
  }),
});
const IMMUTABLE = 'public, max-age=31536000, immutable';

test('pages, assets and errors carry the security headers; only hashed assets are cached for long @R7.4', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const asset = await page.locator(`meta[name="${APP_ENTRY_META}"]`).getAttribute('content');
  const pages = await Promise.all(
    ['/', '/checkout', '/no-such-page'].map(async (path) => (await request.get(path)).text()),
  );

  const expected: [path: string, status: number, cacheControl: string][] = [
    ['/', 200, 'no-cache'],
    ['/checkout', 200, 'no-cache'],
    ['/no-such-page', 404, 'no-cache'],
    ['/favicon.png', 200, 'no-cache'],
    [`/${RELEASE_FILE}`, 200, 'no-cache'],
    // The service worker and the manifest are revalidated on every use: a deploy is seen at once.
    [`/${SERVICE_WORKER_FILE}`, 200, 'no-cache'],
    ['/manifest.webmanifest', 200, 'no-cache'],
    [asset!, 200, IMMUTABLE],
    ['/assets/missing.js', 404, 'no-cache'],
    ['/.vite/manifest.json', 404, 'no-cache'],
    // The CDN's rules files configure a CDN; nginx does not serve them.
    ['/_headers', 404, 'no-cache'],
    ['/_redirects', 404, 'no-cache'],
    ['/index.html', 404, 'no-cache'],
    [`${asset!}.br`, 404, 'no-cache'],
  ];
  for (const [path, status, cacheControl] of expected) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect.soft(response.status(), path).toBe(status);
    expect.soft(response.headers(), path).toMatchObject({ ...headers(pages), 'cache-control': cacheControl });
  }
});

test('a script is served as JavaScript and a missing asset never as a page with status 200', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const asset = new RegExp(`<meta name="${APP_ENTRY_META}" content="(/assets/[^"]+\\.js)"`).exec(html)?.[1];
  const script = await request.get(asset!);
  expect(script.headers()['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
  expect((await request.get('/assets/missing.js')).status()).toBe(404);
  expect((await request.get(`/${SERVICE_WORKER_FILE}`)).headers()['content-type']).toMatch(
    /^application\/javascript/,
  );
  expect((await request.get('/manifest.webmanifest')).headers()['content-type']).toBe(
    'application/manifest+json',
  );
});

for (const path of ['/no-such-page', '/checkout/extra', '/images/', '/index.html']) {
  test(`${path} answers 404 with the not-found page @R7.4 @R8.1`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: en.notFound.title })).toBeVisible();
  });
}

test('/checkout/ redirects to /checkout', async ({ page }) => {
  await page.goto('/checkout/');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: en.checkout.title })).toBeVisible();
});

test(
  "each landing script is sent as brotli, gzip or itself, as the browser accepts, and decodes to the build's file",
  { tag: '@local-build' },
  async ({ request, baseURL }) => {
    const html = await (await request.get('/')).text();
    const appScripts =
      new RegExp(`<meta name="${APP_SCRIPTS_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ') ?? [];
    const scripts = [
      ...[new RegExp(`<meta name="${APP_ENTRY_META}" content="([^"]+)"`).exec(html)?.[1] ?? ''].filter(
        Boolean,
      ),
      ...appScripts,
    ];
    expect(appScripts.length, 'the app scripts the page preloads').toBeGreaterThan(0);
    expect(scripts.length, 'the entry and the app scripts').toBe(appScripts.length + 1);
    for (const path of scripts) {
      const onDisk = readFileSync(join(DIST_DIR, path));
      const cases = [
        { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
        { accept: 'gzip, deflate', encoding: 'gzip', decode: gunzipSync },
        { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
        { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      ];
      for (const { accept, encoding, decode } of cases) {
        const response = await getRaw(baseURL!, path, accept);
        const label = `${path} with Accept-Encoding: ${accept ?? '(none)'}`;
        expect.soft(response.status, label).toBe(200);
        expect.soft(response.headers['content-encoding'], label).toBe(encoding);
        expect.soft(response.headers['vary'], label).toMatch(/Accept-Encoding/i);
        expect.soft(response.headers['content-type'], label).toMatch(/javascript/);
        expect.soft(decode(response.body).equals(onDisk), `${label} decodes to the file`).toBe(true);
        if (encoding) expect.soft(response.body.length, label).toBeLessThan(onDisk.length);
      }
    }
  },
);
