import type { Page } from '@playwright/test';
import { FAULT_CART, en } from '@support/shop-texts';
import { expectAppReady } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';
import { PRERENDERED_ROUTE_ATTRIBUTE } from '@/lib/shared-names';

/**
 * The build prerenders `/`, `/checkout` and the not-found page (build/prerender.ts) and the client
 * hydrates that markup (src/boot/start.tsx). These tests load each prerendered file and check that it holds
 * the page's content and critical CSS before any script runs, and that hydration adopts it as it is:
 * no console warning or error (the fixture fails the test on errors), and #root never loses a child,
 * which a client render or a hydration mismatch (React re-renders the root) would cause.
 */

const PRERENDERED = [
  { path: '/', status: 200, route: '/', heading: en.product.title },
  { path: '/checkout', status: 200, route: '/checkout', heading: en.checkout.title },
  // Any unknown path: 404.html with status 404, from nginx with deploy/nginx.conf.
  { path: '/no-such-page', status: 404, route: '*', heading: en.notFound.title },
];

/** Records console warnings, and whether any child of #root is removed, from the page's first script on. */
async function watchHydration(page: Page): Promise<string[]> {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.addInitScript(() => {
    const flags = window as unknown as { rootChildRemoved: boolean };
    flags.rootChildRemoved = false;
    new MutationObserver((records) => {
      if (records.some((record) => (record.target as Element).id === 'root' && record.removedNodes.length))
        flags.rootChildRemoved = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return warnings;
}

const rootChildRemoved = (page: Page) =>
  page.evaluate(() => (window as unknown as { rootChildRemoved: boolean }).rootChildRemoved);

for (const { path, status, route, heading } of PRERENDERED) {
  test(`${path} is served prerendered with inline critical CSS`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    const html = await response.text();
    expect(html).toContain(`<div id="root" ${PRERENDERED_ROUTE_ATTRIBUTE}="${route}">`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]+<\/style>/);
  });

  test(`${path} hydrates without a warning, an error or a re-render`, async ({ page }) => {
    const warnings = await watchHydration(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(warnings).toEqual([]);
    expect(await rootChildRemoved(page)).toBe(false);
  });
}

test('the hydrated landing page responds at once: Add to Cart updates the badge', async ({ page, shop }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await shop.addToCart(1);
  await shop.seeCartCount(1);
});

test('the landing page loads no checkout code until the cart opens @R7.6', async ({ page, shop }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => script.includes('checkout-page'))).toEqual([]);

  await shop.openCart(0);
  await expect.poll(() => scripts.filter((script) => script.includes('checkout-page')).length).toBe(1);
});

test('reloading /checkout with a cart in history renders that cart on the client, without errors', async ({
  page,
  shop,
}) => {
  const warnings = await watchHydration(page);
  await page.goto('/');
  await expectAppReady(page);
  await shop.fillCart();
  await shop.openCart();
  await shop.proceed();
  await shop.seeCheckoutWith();

  await page.reload();
  await shop.seeCheckoutWith(FAULT_CART.colourId, FAULT_CART.quantity);
  expect(warnings).toEqual([]);
});
