/**
 * The storefront statechart's generated paths, run against the real landing page in jsdom, then its
 * coverage table, which fails below 100%. The checkout's download is the path's to end: the app's
 * loader and its reload into a new release are replaced by controls (checkout-load-control.ts);
 * everything else is the real app.
 */
import { vi } from 'vitest';
import { renderApp } from '@tests/render-app';
import { jsdomCheckoutLoads, jsdomReloads } from './checkout-load-control';
import { describeModelSuite } from './describe-model-suite';
import { storefrontJsdomDriver } from './jsdom-drivers';
import {
  storefrontCoverage,
  storefrontExclusions,
  storefrontModel,
  storefrontPaths,
} from './storefront-model';

vi.mock('@/effects/load-checkout-page', async (importOriginal) => {
  const { jsdomCheckoutLoads: loads } = await import('./checkout-load-control');
  return { ...(await importOriginal<object>()), loadCheckoutPage: loads.load };
});
vi.mock('@/effects/cart-handoff', async (importOriginal) => {
  const { jsdomReloads: reloads } = await import('./checkout-load-control');
  return { ...(await importOriginal<object>()), reloadIntoCheckout: reloads.reload };
});

describeModelSuite({
  name: 'storefront',
  environment: 'jsdom',
  model: storefrontModel,
  coverage: storefrontCoverage,
  generated: storefrontPaths,
  exclusions: storefrontExclusions,
  start: () => {
    jsdomCheckoutLoads.reset();
    jsdomReloads.carts.length = 0;
    return storefrontJsdomDriver(renderApp('/', { fakeTimers: true }));
  },
});
