/**
 * The checkout statechart's generated paths, run against the real checkout page in jsdom, then its
 * coverage table, which fails below 100%.
 */
import { renderApp } from '@tests/render-app';
import {
  CHECKOUT_MODEL_INPUT,
  checkoutCoverage,
  checkoutExclusions,
  checkoutModel,
  checkoutPaths,
} from './checkout-model';
import { describeModelSuite } from './describe-model-suite';
import { checkoutJsdomDriver } from './jsdom-drivers';

describeModelSuite({
  name: 'checkout',
  environment: 'jsdom',
  model: checkoutModel,
  coverage: checkoutCoverage,
  generated: checkoutPaths,
  exclusions: checkoutExclusions,
  start: () =>
    checkoutJsdomDriver(
      renderApp('/checkout', { fakeTimers: true, state: CHECKOUT_MODEL_INPUT.checkoutInput }),
    ),
});
