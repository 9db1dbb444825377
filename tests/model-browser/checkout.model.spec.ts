/**
 * The checkout statechart's generated paths in real Chromium against the production build:
 * the jsdom suite's paths and expectations, acted out with Playwright. Coverage is tallied by
 * `coverage-reporter.ts` from what the passing paths attach.
 */
import { test } from '../e2e/fixtures';
import { ShopPage } from '../e2e/shop';
import { checkoutCoverage, checkoutModel, checkoutPaths } from '../model/checkout-model';
import { pathName, runModelPath } from '../model/derive-test-model';
import { attachCoverage, checkoutBrowserDriver } from './browser-drivers';

test.describe(`checkout model: ${checkoutPaths.paths.length} generated paths`, () => {
  for (const [index, path] of checkoutPaths.paths.entries()) {
    test(`path ${index + 1}: ${pathName(path)}`, async ({ page }, testInfo) => {
      await runModelPath(checkoutModel, path, await checkoutBrowserDriver(new ShopPage(page)));
      await attachCoverage(testInfo, 'checkout', checkoutCoverage.pathCoverage(path));
    });
  }
});
