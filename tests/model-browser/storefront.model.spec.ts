/**
 * The storefront statechart's generated paths in real Chromium against the production build (issue 3):
 * the jsdom suite's paths and expectations, acted out with Playwright. Coverage is tallied by
 * `coverage-reporter.ts` from what the passing paths attach.
 */
import { test } from '../e2e/fixtures';
import { pathName, runModelPath } from '../model/derive-test-model';
import { storefrontCoverage, storefrontModel, storefrontPaths } from '../model/storefront-model';
import { attachCoverage, storefrontBrowserDriver } from './browser-drivers';
import { gateCheckoutDownloads } from './checkout-download-gate';

test.describe(`storefront model: ${storefrontPaths.paths.length} generated paths`, () => {
  for (const [index, path] of storefrontPaths.paths.entries()) {
    test(`path ${index + 1}: ${pathName(path)}`, async ({ page, problems }, testInfo) => {
      const gate = await gateCheckoutDownloads(page);
      await runModelPath(storefrontModel, path, await storefrontBrowserDriver(page, gate));
      // The download failures the path injected are what it tests, not problems of the page.
      gate.forgiveInjected(problems);
      await attachCoverage(testInfo, 'storefront', storefrontCoverage.pathCoverage(path));
    });
  }
});
