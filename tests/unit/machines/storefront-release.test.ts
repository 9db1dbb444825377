/**
 * The storefront's `release` region (spec §2 'New release', docs/offline.md): a new release that waits
 * is offered, never loaded behind the shopper's back, and 'Reload' loads it once, with the cart; it is
 * held back while an order is underway (the `order` region), until the checkout page is gone.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  selectIsReleaseOffered,
  selectIsReloadingIntoRelease,
  storefrontMachine,
  type StorefrontContext,
  type StorefrontEvent,
} from '@machines/storefront-machine';

/**
 * A storefront whose `watchReleases` actor is a stand-in the test drives (`announceWaiting`, as the
 * app's does when the worker says a new release waits), recording each cart `reloadIntoRelease` keeps.
 */
function start() {
  const reloads: Pick<StorefrontContext, 'colourId' | 'quantity' | 'cartCount'>[] = [];
  let sendBack: ((event: StorefrontEvent) => void) | undefined;
  const stopped = vi.fn();
  const actor = createActor(
    storefrontMachine.provide({
      actions: {
        reloadIntoRelease: ({ context: { colourId, quantity, cartCount } }) =>
          void reloads.push({ colourId, quantity, cartCount }),
      },
      actors: {
        watchReleases: fromCallback<StorefrontEvent>(({ sendBack: send }) => {
          sendBack = send;
          return stopped;
        }),
      },
    }),
  ).start();
  const announceWaiting = () => sendBack?.({ type: 'release.waiting' });
  return { actor, reloads, announceWaiting, stopped };
}

describe('storefront machine: a new release', () => {
  it('starts with no release waiting, watching for one as long as the storefront runs', () => {
    const { actor, stopped } = start();
    expect(actor.getSnapshot().matches({ release: 'current' })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(false);
    actor.stop();
    expect(stopped).toHaveBeenCalledOnce();
  });

  it('offers the release its worker says waits, and reloads into it only on Reload @R2.30 @R4.10', () => {
    const { actor, reloads, announceWaiting } = start();
    actor.send({ type: 'release.reload' });
    expect(reloads).toEqual([]);

    announceWaiting();
    expect(actor.getSnapshot().matches({ release: 'waiting' })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(true);
    expect(selectIsReloadingIntoRelease(actor.getSnapshot())).toBe(false);
    expect(reloads).toEqual([]);

    actor.send({ type: 'release.reload' });
    expect(actor.getSnapshot().matches({ release: 'reloading' })).toBe(true);
    expect(selectIsReloadingIntoRelease(actor.getSnapshot())).toBe(true);
    expect(reloads).toHaveLength(1);
  });

  it('keeps the prompt shown while the page reloads into the release, so it does not flicker away first', () => {
    const { actor, announceWaiting } = start();
    announceWaiting();
    actor.send({ type: 'release.reload' });
    expect(actor.getSnapshot().matches({ release: 'reloading' })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(true);
  });

  it('keeps the cart for the reload: colour, quantity and count @R2.30', () => {
    const { actor, reloads, announceWaiting } = start();
    actor.send({ type: 'colour.select', colourId: 'ocean-blue' });
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'cart.add' });
    announceWaiting();
    actor.send({ type: 'release.reload' });
    expect(reloads).toEqual([{ colourId: 'ocean-blue', quantity: 2, cartCount: 2 }]);
  });

  it('reloads once however often Reload is pressed or the worker repeats itself', () => {
    const { actor, reloads, announceWaiting } = start();
    announceWaiting();
    announceWaiting();
    actor.send({ type: 'release.reload' });
    actor.send({ type: 'release.reload' });
    announceWaiting();
    expect(reloads).toHaveLength(1);
    expect(actor.getSnapshot().matches({ release: 'reloading' })).toBe(true);
  });

  it('leaves the cart, the toast and the checkout download alone', () => {
    const { actor, announceWaiting } = start();
    actor.send({ type: 'cart.add' });
    actor.send({ type: 'cart.open' });
    announceWaiting();
    expect(actor.getSnapshot().value).toEqual({
      cart: { open: 'browsing' },
      toast: 'visible',
      release: { waiting: 'offered' },
      order: 'none',
    });
    expect(actor.getSnapshot().context.cartCount).toBe(1);
  });

  it("holds a waiting release back from the order's submit until the checkout page is gone @R4.10", () => {
    const { actor, reloads, announceWaiting } = start();
    announceWaiting();
    actor.send({ type: 'checkout.opened' });
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'order.submitted' });
    expect(actor.getSnapshot().matches({ release: { waiting: 'held' } })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'release.reload' });
    expect(reloads, 'no reload while held').toEqual([]);
    actor.send({ type: 'order.placed' });
    expect(selectIsReleaseOffered(actor.getSnapshot()), "on 'Order Confirmed!'").toBe(false);

    actor.send({ type: 'checkout.left' });
    expect(actor.getSnapshot().matches({ order: 'none' })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot()), 'back at the shop').toBe(true);
  });

  it('holds back a release that arrives while an order is underway, and offers it back at the shop @R2.30 @R4.10', () => {
    const { actor, announceWaiting } = start();
    actor.send({ type: 'order.submitted' });
    announceWaiting();
    expect(actor.getSnapshot().matches({ release: { waiting: 'held' } })).toBe(true);
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'checkout.left' });
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(true);
  });

  it('offers a release that arrives once the order is over (left the checkout) at once', () => {
    const { actor, announceWaiting } = start();
    actor.send({ type: 'order.submitted' });
    actor.send({ type: 'checkout.left' });
    announceWaiting();
    expect(selectIsReleaseOffered(actor.getSnapshot())).toBe(true);
  });
});
