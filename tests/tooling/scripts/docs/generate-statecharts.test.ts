/**
 * docs/statecharts.md is generated from the machines: this fails when the committed page is
 * stale, i.e. a machine changed and `npm run docs:statecharts` was not run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATECHARTS_DOC, renderStatechartsDoc } from '../../../../scripts/docs/generate-statecharts';

describe('docs/statecharts.md', () => {
  it('is what `npm run docs:statecharts` generates from the current machines', async () => {
    const committed = readFileSync(STATECHARTS_DOC, 'utf8');
    expect(committed, 'docs/statecharts.md is stale: run `npm run docs:statecharts`').toBe(
      await renderStatechartsDoc(),
    );
  });

  it('draws every machine as a Mermaid stateDiagram-v2 with its delays and guards by name', async () => {
    const page = await renderStatechartsDoc();
    expect(page.match(/```mermaid\nstateDiagram-v2\n/g)).toHaveLength(2);
    expect(page).toContain('toast_visible --> toast_hidden : after toastDuration (3000 ms)');
    expect(page).toContain(
      'checkout_processing --> checkout_confirmed : after processingDelay (3000 ms) / assignOrderNumber',
    );
    expect(page).toContain('cart_open_browsing --> cart_open_openingCheckout : checkout.proceed [hasItems]');
    expect(page).toContain(
      'cart_open_openingCheckout --> cart_open_leavingForCheckout : xstate.done.actor.loadCheckout / forgetCheckoutLoadFailure, navigateToCheckout',
    );
    expect(page).toContain('cart_open_leavingForCheckout --> cart_closed : checkout.opened');
    expect(page).toContain(
      'cart_open_waitingToRetry --> cart_open_openingCheckout : after checkoutRetryDelay (1000 ms)',
    );
    expect(page).toContain('## What the Stately editor shows');
    expect(page).toContain('tests/unit/machines/stately/machine-extractor.test.ts');
  });
});
