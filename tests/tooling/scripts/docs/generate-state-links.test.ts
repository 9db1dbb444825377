/**
 * src/dev/state-link/state-links.generated.ts is generated (`npm run docs:state-links`) from the state
 * gallery's plan: this fails when it is stale (a machine or the model changed), and checks that it has
 * a link for every state of both machines, named as a URL names it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATE_LINKS } from '@/dev/state-link/state-links.generated';
import { galleryPlan } from '@support/visual/state-gallery';
import { renderStateLinks, STATE_LINKS_MODULE } from '../../../../scripts/docs/generate-state-links';

describe('the state links', () => {
  it('are what `npm run docs:state-links` writes', async () => {
    expect(
      readFileSync(STATE_LINKS_MODULE, 'utf8'),
      'src/dev/state-link/state-links.generated.ts is stale: run `npm run docs:state-links`',
    ).toBe(await renderStateLinks());
  });

  it('name every state of both machines as `<machine>.<state path>`', () => {
    const names = galleryPlan().states.map((state) =>
      state.machine === 'checkout' ? state.id : `${state.machine}.${state.id}`,
    );
    expect(Object.keys(STATE_LINKS)).toEqual(names);
    expect(STATE_LINKS['checkout.processing']).toMatchObject({ route: '/checkout', path: ['processing'] });
    expect(STATE_LINKS['storefront.cart.open.browsing']).toMatchObject({
      route: '/',
      steps: [{ kind: 'send', machine: 'storefront', event: { type: 'cart.open' } }],
    });
  });
});
