import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { openShop } from '@support/playwright/clock';
import {
  countPageLoads,
  expectCheckoutWithCart,
  expectNewReleaseWaits,
} from '@support/playwright/deploy-during-visit';
import { expect, test as base } from '@support/playwright/fixtures';
import { DIST_DIR, assetOf, makeReleaseCopy, urlEndingIn } from '@support/playwright/releases';

/**
 * A deploy during a visit, against real files on disk served by nginx with deploy/nginx.conf: a
 * shopper has the shop open when deploy/deploy.sh replaces the release, and the open page must keep
 * working (docs/decisions/0002-checkout-download-states.md). Runs under
 * `npm run test:nginx` only (scripts/test/test-nginx.ts), which serves a web root of its own to each
 * Playwright worker (E2E_DEPLOY_SITES): the other specs never see these files change.
 */

interface DeploySite {
  /** Where nginx serves `webRoot`, e.g. http://127.0.0.1:41234. */
  baseURL: string;
  /** The directory nginx serves: deploy.sh deploys into it. */
  webRoot: string;
}

const deploySites: DeploySite[] = JSON.parse(process.env.E2E_DEPLOY_SITES ?? '[]');

/** Runs deploy/deploy.sh with `args`. */
function deploySh(...args: string[]): void {
  execFileSync('bash', ['deploy/deploy.sh', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The worker's own site, restored to {@link DIST_DIR} (one release, deployed now) before and after. */
const test = base.extend<{ site: DeploySite }>({
  site: async ({}, use, testInfo) => {
    const site = deploySites[testInfo.parallelIndex];
    if (!site) throw new Error('E2E_DEPLOY_SITES has no site for this worker: run `npm run test:nginx`.');
    const restore = () => {
      rmSync(site.webRoot, { recursive: true, force: true });
      mkdirSync(site.webRoot, { recursive: true });
      deploySh(DIST_DIR, site.webRoot);
    };
    restore();
    await use(site);
    restore();
  },
  baseURL: async ({ site }, use) => use(site.baseURL),
});

const CHECKOUT_CHUNK = assetOf(DIST_DIR, 'checkout-page');

test.describe('a deploy during the visit, with nginx and deploy/deploy.sh', () => {
  // Each test also runs deploy.sh two or three times (restore, deploy, prune) and, once pruned, reloads.
  test.describe.configure({ timeout: 240_000 });
  let next: ReturnType<typeof makeReleaseCopy>;
  test.beforeAll(() => {
    next = makeReleaseCopy(`nginx-${test.info().project.name}`);
  });
  test.afterAll(() => next.remove());

  test.describe('with the service worker in control', () => {
    test.use({ serviceWorkers: 'allow' });

    test('the new release waits for the shopper: the prompt, then Reload loads it with the cart @R2.30 @R4.10', async ({
      page,
      shop,
      site,
    }) => {
      await openShop(page);
      await shop.waitForWorkerInControl();
      await shop.fillCart();
      await expectNewReleaseWaits(page, shop, () => deploySh(next.dir, site.webRoot), next.dir);
    });
  });

  // Without the worker, as a first visit meets a deploy before the worker is in control: once it is,
  // the previous release's files come from its cache whatever the server still holds.
  test.use({ serviceWorkers: 'block' });

  test('the previous release stays downloadable: Proceed to Checkout opens the checkout with the cart', async ({
    page,
    shop,
    site,
  }) => {
    await openShop(page);
    await shop.fillCart();
    deploySh(next.dir, site.webRoot);
    expect((await page.request.get('/')).ok()).toBe(true);
    expect(await (await page.request.get('/')).text(), 'the new release is live').toContain(
      assetOf(next.dir, 'index'),
    );
    const pageLoads = countPageLoads(page);

    await shop.openCart();
    await shop.proceed();
    await expectCheckoutWithCart(page, shop);
    expect(pageLoads(), 'no reload: the page kept running on its own release').toBe(0);
  });

  test.describe('once the previous release is pruned', () => {
    test.use({ injectedFailures: [urlEndingIn(CHECKOUT_CHUNK)] });

    test('Proceed to Checkout reloads once into the new release, with the cart', async ({
      page,
      shop,
      site,
    }) => {
      await openShop(page);
      await shop.fillCart();
      deploySh(next.dir, site.webRoot);
      deploySh('--prune', '--keep', '1', '--retention', '0', site.webRoot);
      expect((await page.request.get(CHECKOUT_CHUNK)).status(), 'the old checkout code is gone').toBe(404);
      const pageLoads = countPageLoads(page);

      await shop.openCart();
      await shop.proceed();
      await expectCheckoutWithCart(page, shop);
      expect(pageLoads(), 'exactly one reload').toBe(1);
    });
  });
});
