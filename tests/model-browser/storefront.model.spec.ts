/**
 * The storefront statechart's generated paths in real Chromium against the production build:
 * the jsdom suite's paths and expectations, acted out with Playwright. Coverage is tallied by
 * `coverage-reporter.ts` from what the passing paths attach. The checkout chunk's downloads are the
 * paths' to end (checkout-download-gate.ts); a path that fails them declares so to the
 * fixture's problem watch, which still fails it on anything else.
 */
import { test } from '../e2e/fixtures';
import { ShopPage } from '../e2e/shop';
import { pathEvents, pathName, runModelPath } from '../model/derive-test-model';
import { checkoutLoadFailureIn, storefront } from '../model/storefront-model';
import { attachCoverage, storefrontBrowserDriver } from './browser-drivers';
import { gateCheckoutDownloads } from './checkout-download-gate';

const failsDownload = (path: (typeof storefront.paths)[number]) =>
  pathEvents(path).some((event) => checkoutLoadFailureIn(event) !== null);

test.describe(`storefront model: ${storefront.paths.length} generated paths`, () => {
  for (const failing of [false, true]) {
    test.describe(failing ? 'the checkout download fails' : 'the checkout downloads', () => {
      if (failing) test.use({ injectedFailures: [/\/assets\/checkout-page-/] });
      for (const [index, path] of storefront.paths.entries()) {
        if (failsDownload(path) !== failing) continue;
        test(`path ${index + 1}: ${pathName(path)}`, async ({ page }, testInfo) => {
          const gate = await gateCheckoutDownloads(page);
          await runModelPath(storefront, path, await storefrontBrowserDriver(new ShopPage(page), gate));
          await attachCoverage(testInfo, storefront, path);
        });
      }
    });
  }
});
