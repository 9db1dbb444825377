import { FileSystemConfigLoader, HtmlValidate, type Report } from 'html-validate';
import type { Page } from '@playwright/test';
import { en } from '@support/shop-texts';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/** html-validate 10 with the project's `.htmlvalidate.json` (rules and the reason for each exception: docs/accessibility.md). */
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** One line per problem, e.g. `valid-id: element id "1a" must begin with a letter (3:12 <div>)`. */
function problems(report: Report): string[] {
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) =>
        `${message.ruleId}: ${message.message} (${message.line}:${message.column} ${message.selector})`,
    ),
  );
}

/**
 * Validates the page's rendered DOM as the browser serializes it. Vite's preload helper writes
 * same-origin chunk URLs in absolute form, which `require-sri` would take for another origin's: they
 * are made root-relative first, so SRI is still demanded of every other origin's script or style.
 */
async function validateRenderedDom(page: Page): Promise<string[]> {
  const html = (await page.content()).replaceAll(`${new URL(page.url()).origin}/`, '/');
  return problems(await validator.validateString(html, 'rendered-dom.html'));
}

test.describe('HTML validity (html-validate, zero errors)', () => {
  test('the served index.html is valid HTML', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['content-type']).toContain('text/html');
    const report = await validator.validateString(await response.text(), 'index.html');
    expect(problems(report)).toEqual([]);
  });

  test('the landing page, with the cart open, renders valid HTML titled for the product', async ({
    page,
    shop,
  }) => {
    await openShop(page);
    await expect(page).toHaveTitle(en.meta.title);
    await shop.addToCart(1);
    await shop.openCart(1);
    expect(await validateRenderedDom(page)).toEqual([]);
  });

  test('the checkout page renders valid HTML while idle, processing and confirmed', async ({
    page,
    shop,
  }) => {
    await openShop(page, '/checkout');
    await expect(page).toHaveTitle(en.meta.checkoutTitle);
    expect(await validateRenderedDom(page)).toEqual([]);

    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await shop.seeProcessing();
    expect(await validateRenderedDom(page)).toEqual([]);

    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
    expect(await validateRenderedDom(page)).toEqual([]);
  });

  test('the not-found page renders valid HTML with its own title', async ({ page }) => {
    await openShop(page, '/no-such-page');
    await expect(page).toHaveTitle(en.meta.notFoundTitle);
    expect(await validateRenderedDom(page)).toEqual([]);
  });
});
