import { inlineScriptsOf } from '../inline-scripts';
import { expect, test } from './fixtures';

/**
 * What the production web server adds, checked only in `npm run test:nginx` (nginx with
 * deploy/nginx.conf; playwright.config.ts collects *.nginx.spec.ts only when E2E_BASE_URL is set):
 * the security headers on every response, the cache policy, and the not-found page for unknown paths.
 * Why nginx and these headers: docs/decisions/0007-production-server-nginx.md.
 */

/** The headers of every response; `earlyTapsSource` is the hash of the pages' one inline script. */
const headers = (earlyTapsSource: string) => ({
  'content-security-policy':
    `default-src 'self'; script-src 'self' ${earlyTapsSource}; style-src 'self' 'unsafe-inline'; ` +
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; " +
    "object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
});
const IMMUTABLE = 'public, max-age=31536000, immutable';

test('pages, assets and errors carry the security headers; only hashed assets are cached for long', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const asset = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const [earlyTaps] = inlineScriptsOf(await (await request.get('/')).text());

  const expected: [path: string, status: number, cacheControl: string][] = [
    ['/', 200, 'no-cache'],
    ['/checkout', 200, 'no-cache'],
    ['/no-such-page', 404, 'no-cache'],
    ['/favicon.svg', 200, 'no-cache'],
    ['/release.json', 200, 'no-cache'],
    // The service worker and the manifest are revalidated on every use: a deploy is seen at once.
    ['/sw.js', 200, 'no-cache'],
    ['/manifest.webmanifest', 200, 'no-cache'],
    [asset!, 200, IMMUTABLE],
    ['/assets/missing.js', 404, 'no-cache'],
    ['/.vite/manifest.json', 404, 'no-cache'],
    ['/index.html', 404, 'no-cache'],
  ];
  for (const [path, status, cacheControl] of expected) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect.soft(response.status(), path).toBe(status);
    expect
      .soft(response.headers(), path)
      .toMatchObject({ ...headers(earlyTaps!.cspSource), 'cache-control': cacheControl });
  }
});

test('a script is served as JavaScript and a missing asset never as a page with status 200', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const script = await request.get(asset!);
  expect(script.headers()['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
  expect((await request.get('/assets/missing.js')).status()).toBe(404);
  expect((await request.get('/sw.js')).headers()['content-type']).toMatch(/^application\/javascript/);
  expect((await request.get('/manifest.webmanifest')).headers()['content-type']).toBe(
    'application/manifest+json',
  );
});

for (const path of ['/no-such-page', '/checkout/extra', '/images/', '/index.html']) {
  test(`${path} answers 404 with the not-found page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page has not been generated' }),
    ).toBeVisible();
  });
}

test('/checkout/ redirects to /checkout', async ({ page }) => {
  await page.goto('/checkout/');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});
