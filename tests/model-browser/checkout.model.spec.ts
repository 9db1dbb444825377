/**
 * The checkout statechart's generated paths in real Chromium against the production build:
 * the jsdom suite's paths and expectations, acted out with Playwright. Coverage is tallied by
 * `coverage-reporter.ts` from what the passing paths attach.
 */
import { test } from '../e2e/fixtures';
import { ShopPage } from '../e2e/shop';
import { checkout } from '../model/checkout-model';
import { pathName, runModelPath } from '../model/derive-test-model';
import { attachCoverage, checkoutBrowserDriver } from './browser-drivers';

test.describe(`checkout model: ${checkout.paths.length} generated paths`, () => {
  for (const [index, path] of checkout.paths.entries()) {
    test(`path ${index + 1}: ${pathName(path)}`, async ({ page }, testInfo) => {
      await runModelPath(checkout, path, await checkoutBrowserDriver(new ShopPage(page)));
      await attachCoverage(testInfo, checkout, path);
    });
  }
});
