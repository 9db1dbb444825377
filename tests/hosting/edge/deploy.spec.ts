import type { Page } from '@playwright/test';
import { deployToPages } from '../../../scripts/hosting/pages';
import { openShop } from '@support/playwright/clock';
import {
  countPageLoads,
  expectCheckoutWithCart,
  expectNewReleaseWaits,
} from '@support/playwright/deploy-during-visit';
import { expect, test } from '@support/playwright/fixtures';
import { DIST_DIR, assetOf, makeReleaseCopy, urlEndingIn } from '@support/playwright/releases';

/**
 * A deploy on a CDN during a visit: Cloudflare's local Pages server (scripts/hosting/pages.ts) serves the
 * build, and a deploy replaces every file at once, so the previous release's hashed files are gone
 * (unlike deploy/deploy.sh behind nginx, which keeps them: tests/hosting/nginx/deploy.spec.ts). Run by
 * `npm run test:edge` only (scripts/test/test-edge.ts), which passes the served folder as E2E_EDGE_ROOT; the
 * tests run one after another, each from the first release deployed anew.
 */

const edgeRoot = process.env.E2E_EDGE_ROOT;
const CHECKOUT_CHUNK = assetOf(DIST_DIR, 'checkout-page');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.describe('a deploy on the CDN during the visit', () => {
  let next: ReturnType<typeof makeReleaseCopy>;
  test.beforeAll(() => {
    if (!edgeRoot) throw new Error('E2E_EDGE_ROOT is not set: run `npm run test:edge`.');
    next = makeReleaseCopy('edge');
  });
  test.beforeEach(() => deployToPages(edgeRoot!, DIST_DIR));
  test.afterAll(() => {
    next?.remove();
    if (edgeRoot) deployToPages(edgeRoot, DIST_DIR);
  });

  /** Deploys the next release and checks the CDN serves it and no longer has the old checkout code. */
  async function deployNext(page: Page): Promise<void> {
    deployToPages(edgeRoot!, next.dir);
    expect(await (await page.request.get('/')).text(), 'the new release is live').toContain(
      assetOf(next.dir, 'index'),
    );
    expect((await page.request.get(CHECKOUT_CHUNK)).status(), 'the old checkout code is gone').toBe(404);
  }

  test.describe('without the service worker, as a first visit meets a deploy', () => {
    test.use({ serviceWorkers: 'block', injectedFailures: [urlEndingIn(CHECKOUT_CHUNK)] });

    test("Proceed to Checkout reloads once into the new release's /checkout, with the cart @R2.30", async ({
      page,
      shop,
    }) => {
      await openShop(page);
      await shop.fillCart();
      await deployNext(page);
      const pageLoads = countPageLoads(page);

      await shop.openCart();
      await shop.proceed();
      await expectCheckoutWithCart(page, shop);
      expect(pageLoads(), 'exactly one reload').toBe(1);
      expect(await shop.runningRelease(), 'the new release runs').toBe(assetOf(next.dir, 'index'));
    });
  });

  test.describe('with the service worker in control', () => {
    test.use({ serviceWorkers: 'allow' });

    test('the new release waits for the shopper: the prompt, then Reload loads it with the cart @R2.30 @R4.10', async ({
      page,
      shop,
    }) => {
      await openShop(page);
      await shop.waitForWorkerInControl();
      await shop.fillCart();
      await expectNewReleaseWaits(page, shop, () => deployNext(page), next.dir);
    });
  });
});
