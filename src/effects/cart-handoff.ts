import { isColourId } from '@machines/catalog';
import { MAX_LINE_QUANTITY, checkoutInputFor } from '@machines/checkout-input';
import {
  storefrontMachine,
  type StorefrontContext,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';

/** Key of the cart kept in a history entry's state across a reload into a new release. */
const HISTORY_KEY = 'petBallCart';
/** sessionStorage key: when this tab last reloaded into a new release (ms since the epoch). */
const RELOADED_AT_KEY = 'pet-ball:reloaded-into-release-at';
/** Within this long after a reload into a new release, another one is not tried (no loop), in ms. */
const RELOAD_GUARD_MS = 60_000;

/** The part of the storefront's context that a reload must not lose (spec §4: colour, quantity, count). */
export type KeptCart = Pick<StorefrontContext, 'colourId' | 'quantity' | 'cartCount'>;

/**
 * The storefront machine's `reloadIntoCheckout` action: a new release removed the code this
 * page runs on, so the page is loaded afresh from the server, straight into /checkout with the cart.
 * Pushes a /checkout history entry whose state is what React Router's `navigate('/checkout', { state })`
 * would have stored (the checkout input as `usr`), plus the cart under {@link HISTORY_KEY}, then
 * reloads: the new page renders that checkout and {@link restoredStorefrontSnapshot} gives the
 * storefront its cart back. History state lives with the tab's history entry (never in storage, never
 * in the URL) and holds no card data. The time of the reload is noted (sessionStorage, falling back to
 * the entry's state when storage throws) for {@link reloadedRecently}.
 */
export function reloadIntoCheckout({ colourId, quantity, cartCount }: KeptCart, now = Date.now()): void {
  const previous: unknown = window.history.state;
  const index = isRecord(previous) && typeof previous.idx === 'number' ? previous.idx + 1 : 1;
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Storage blocked: the entry's own `reloadedAt` below still guards against a loop.
  }
  window.history.pushState(
    {
      usr: checkoutInputFor(colourId, cartCount),
      key: `reload-${now.toString(36)}`,
      idx: index,
      [HISTORY_KEY]: { colourId, quantity, cartCount, reloadedAt: now },
    },
    // Stryker disable next-line StringLiteral: the title argument is unused by every browser
    '',
    '/checkout',
  );
  window.location.reload();
}

/**
 * The storefront machine's `reloadIntoRelease` action, once the new release's worker has taken over:
 * reloads the page where it is (its URL and its history entry, so a checkout keeps its navigation
 * state), with the cart (colour, quantity, count) added to the entry's state under
 * {@link HISTORY_KEY}, where {@link restoredStorefrontSnapshot} finds it. Not noted as a reload into a
 * new release for {@link reloadedRecently}: the shopper chose it, and the page it loads is current.
 */
export function reloadKeepingCart({ colourId, quantity, cartCount }: KeptCart): void {
  const previous: unknown = window.history.state;
  window.history.replaceState(
    { ...(isRecord(previous) ? previous : {}), [HISTORY_KEY]: { colourId, quantity, cartCount } },
    // Stryker disable next-line StringLiteral: the title argument is unused by every browser
    '',
  );
  window.location.reload();
}

/** True within RELOAD_GUARD_MS (60 s) of a reload into a new release in this tab, so reloads never loop. */
export function reloadedRecently(now = Date.now()): boolean {
  let reloadedAt: number | undefined;
  try {
    reloadedAt = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? Number.NaN);
  } catch {
    // Storage blocked: the entry's own `reloadedAt` still tells.
  }
  const kept = keptCartState(window.history.state);
  // Stryker disable next-line MethodExpression: NaN and undefined fail the comparisons below as well
  const times = [reloadedAt, kept?.reloadedAt].filter((time): time is number => Number.isFinite(time));
  return times.some((time) => now - time >= 0 && now - time < RELOAD_GUARD_MS);
}

/**
 * The storefront snapshot to start from: the cart kept by {@link reloadIntoCheckout} in this history
 * entry's state (`historyState`, untrusted: checked field by field), with no toast, and the cart modal
 * closed, or, with `checkoutUnavailable`, open and saying the checkout is unavailable with 'Try again'
 * (the page it reloaded into could not load its checkout either). `undefined` (a fresh storefront) when
 * the entry keeps no valid cart.
 */
export function restoredStorefrontSnapshot(
  historyState: unknown,
  { checkoutUnavailable = false }: { checkoutUnavailable?: boolean } = {},
): StorefrontSnapshot | undefined {
  const kept = keptCartState(historyState);
  if (!kept) return undefined;
  return storefrontMachine.resolveState({
    value: {
      cart: checkoutUnavailable ? { open: 'checkoutUnavailable' } : 'closed',
      toast: 'hidden',
      release: 'current',
      order: 'none',
    },
    context: {
      colourId: kept.colourId,
      quantity: kept.quantity,
      cartCount: kept.cartCount,
      checkoutLoadRetries: 0,
      checkoutLoadFailure: checkoutUnavailable ? 'unavailable' : null,
    },
  });
}

function keptCartState(historyState: unknown): (KeptCart & { reloadedAt: number }) | undefined {
  if (!isRecord(historyState)) return undefined;
  const kept = historyState[HISTORY_KEY];
  if (!isRecord(kept)) return undefined;
  const { colourId, quantity, cartCount, reloadedAt } = kept;
  const isCount = (value: unknown, min: number): value is number =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= MAX_LINE_QUANTITY;
  if (!isColourId(colourId) || !isCount(quantity, 1) || !isCount(cartCount, 0)) return undefined;
  return {
    colourId,
    quantity,
    cartCount,
    // Stryker disable next-line ConditionalExpression: reloadedRecently drops a time that is no finite number
    reloadedAt: typeof reloadedAt === 'number' ? reloadedAt : Number.NaN,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
