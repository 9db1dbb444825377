/**
 * The checkout's download under the jsdom model suite's control. The suite mocks the app's
 * `loadCheckoutPage` with {@link jsdomCheckoutLoads}`.load`: every download waits until the path says how
 * it ends (`xstate.done.actor.loadCheckout` or `xstate.error.actor.loadCheckout`). The app's
 * `reloadIntoCheckout` is mocked with {@link jsdomReloads}`.reload`, which records the cart it was given
 * (jsdom cannot reload a page).
 */
import type { StorefrontContext } from '@machines/storefront-machine';

interface PendingLoad {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const pending: PendingLoad[] = [];

/** The downloads the app started and the path has not settled yet. */
export const jsdomCheckoutLoads = {
  /** Stands in for `loadCheckoutPage`: a download that waits for {@link jsdomCheckoutLoads.settle}. */
  load: (): Promise<void> => new Promise<void>((resolve, reject) => void pending.push({ resolve, reject })),
  /**
   * Ends every waiting download: done when `error` is undefined, else rejected with it. A download the
   * shopper walked away from (cart closed) ends too; the machine no longer listens to it.
   * @throws when no download is waiting (the app did not start one).
   */
  settle(error?: unknown): void {
    const settling = pending.splice(0);
    if (settling.length === 0) throw new Error('No download of the checkout is waiting to end.');
    for (const load of settling) {
      if (error === undefined) load.resolve();
      else load.reject(error);
    }
  },
  /** Forgets every waiting download (between paths). */
  reset(): void {
    pending.length = 0;
  },
};

/** The carts the app was asked to reload into /checkout with, in order. */
export const jsdomReloads = {
  carts: [] as Pick<StorefrontContext, 'colourId' | 'quantity' | 'cartCount'>[],
  /** Stands in for `reloadIntoCheckout`. */
  reload(context: Pick<StorefrontContext, 'colourId' | 'quantity' | 'cartCount'>): void {
    const { colourId, quantity, cartCount } = context;
    jsdomReloads.carts.push({ colourId, quantity, cartCount });
  },
};
