import { COLOURS, UNIT_PRICE_CENTS, type ColourId } from '@machines/catalog';
import { lineItemFor } from '@machines/checkout-input';
import { SHIPPING_METHODS, lineTotalCents, orderTotals, type ShippingMethodId } from '@machines/pricing';
import { APP_ENTRY_META, APP_READY_ATTRIBUTE } from '@/lib/shared-names';
import { formatCents } from '@/lib/format-money';
import en from '@/locales/en';
import { SHOPPER_DETAILS } from '@support/shopper-details';
import { FAULT_CART, fillText, shopText, startsWith } from '@support/shop-texts';
import type { BrowserDriver, WaitOptions } from '@support/browsers/driver';
import type { ElementQuery } from '@support/browsers/in-page';

/**
 * The shop as a shopper uses it (after Zag's `e2e/models/*.model.ts`): the steps they take and what
 * they see on each screen, every text from src/locales/en.ts. Written once, used by every browser
 * suite in every engine: the Playwright e2e specs (tests/support/playwright/fixtures.ts), the engine suite and the
 * generated model paths. Waits throw a `WaitTimeoutError` saying what did not show.
 */

export { FAULT_CART };

// ── Landing page ('/', spec §2) ──────────────────────────────────────────────────────────────────

const product: ElementQuery = { css: '#product' };
const cartButton = (count: number): ElementQuery => ({ role: 'button', name: shopText.cartButton(count) });
const addToCartButton = (quantity: number): ElementQuery => ({
  role: 'button',
  name: shopText.addToCart(UNIT_PRICE_CENTS * quantity),
});

// ── Cart dialog (spec §2 'Cart modal') ───────────────────────────────────────────────────────────

/**
 * The text of the cart's one line for `quantity` balls of `colourId`, as {@link ShopModel.cartLine}
 * reads it: 'Pet Ball Pro Colour: Ocean Blue Qty: 2 $43.96' (name, colour, quantity, line total).
 */
export function cartLineAsShown(
  colourId: ColourId = FAULT_CART.colourId,
  quantity: number = FAULT_CART.quantity,
): string {
  const total = formatCents(lineTotalCents(lineItemFor(colourId, quantity)));
  return `${en.brand.name} ${shopText.colourLine(colourId)} ${shopText.quantityLine(quantity)} ${total}`;
}

const showcase: ElementQuery = { css: '#colours' };
const cart: ElementQuery = { role: 'dialog', name: en.cart.title };
const inCart = (query: ElementQuery): ElementQuery => ({ ...query, within: cart });

// ── Checkout page ('/checkout') ──────────────────────────────────────────────────────────────────

const summary: ElementQuery = { role: 'complementary', name: en.checkout.summary.title };
const shippingMethod = (id: ShippingMethodId): ElementQuery => ({
  role: 'radio',
  name: new RegExp(`^${en.checkout.shippingMethod.methods[id].name}\\b`),
});

/**
 * The controls a shopper presses or types into, as queries: the steps below and the bench's measured
 * taps (bench/lib/interactions.ts) find them the same way.
 */
export const shopQueries = {
  /** A colour's swatch (radio) on the product, or its card in the colour showcase. */
  colour: (colourId: ColourId, from: 'swatch' | 'showcase' = 'swatch'): ElementQuery =>
    from === 'showcase'
      ? { role: 'button', name: startsWith(en.colour[colourId]), within: showcase }
      : { role: 'radio', name: en.colour[colourId], within: product },
  increaseQuantity: {
    role: 'button',
    name: en.product.increaseQuantity,
    within: product,
  } satisfies ElementQuery,
  decreaseQuantity: {
    role: 'button',
    name: en.product.decreaseQuantity,
    within: product,
  } satisfies ElementQuery,
  buyNow: { role: 'button', name: en.product.buyNowPayPal, within: product } satisfies ElementQuery,
  /** 'Add to Cart - $X' showing the price of `quantity` balls. */
  addToCart: addToCartButton,
  /** The cart button while the cart holds `count` items. */
  cartButton,
  /** The cart's own close button: 'Start Shopping' when it is empty, else 'Continue Shopping'. */
  closeCart: (count: number): ElementQuery =>
    inCart({ role: 'button', name: count === 0 ? en.cart.startShopping : en.cart.continueShopping }),
  proceed: inCart({ role: 'button', name: en.cart.proceed }),
  shippingMethod,
  /** A checkout form field by its visible label. */
  field: (label: string): ElementQuery => ({ label }),
  /** 'Complete Order - $X', whatever total it shows. */
  submit: { role: 'button', name: startsWith(shopText.submitPrefix) } satisfies ElementQuery,
};

/** The page object of the whole shop over one {@link BrowserDriver}, at the server `origin`. */
export class ShopModel {
  constructor(
    readonly browser: BrowserDriver,
    private readonly origin: string,
  ) {}

  // Landing page

  /** Opens `path` (default '/') and waits until the app is interactive. */
  async open(path = '/'): Promise<void> {
    await this.browser.goto(`${this.origin}${path}`);
    await this.waitUntilInteractive();
  }

  /** True once the app has hydrated and handles taps (`data-app-ready` on `<html>`, src/early/app-ready.ts). */
  isInteractive(): Promise<boolean> {
    return this.browser.evaluate((name) => document.documentElement.hasAttribute(name), APP_READY_ATTRIBUTE);
  }

  /** Waits until {@link isInteractive} (default 15 s: a page whose scripts are held takes longer). */
  async waitUntilInteractive(options: WaitOptions = { timeoutMs: 60_000 }): Promise<void> {
    await this.browser.waitFor(() => this.isInteractive(), options, 'the app to be interactive');
  }

  /** Picks a colour with its swatch (default) or with its card in the colour showcase. */
  chooseColour(colourId: ColourId, from: 'swatch' | 'showcase' = 'swatch'): Promise<void> {
    return this.browser.click(shopQueries.colour(colourId, from));
  }

  /** Presses '+' on the quantity stepper. */
  increaseQuantity(): Promise<void> {
    return this.browser.click(shopQueries.increaseQuantity);
  }

  /** Presses '−' on the quantity stepper (at 1 it is `aria-disabled` but still pressable). */
  decreaseQuantity(): Promise<void> {
    return this.browser.click(shopQueries.decreaseQuantity);
  }

  /** Presses 'Buy Now with PayPal', which opens the cart. */
  buyNow(): Promise<void> {
    return this.browser.click(shopQueries.buyNow);
  }

  /** Presses 'Add to Cart - $X' showing the price of `quantity` balls, once it shows. */
  addToCart(quantity: number, options?: WaitOptions): Promise<void> {
    return this.browser.click(shopQueries.addToCart(quantity), options);
  }

  /** Waits for the toast 'Added to cart successfully!'. */
  seeToast(options?: WaitOptions): Promise<void> {
    return this.browser.waitForElement({ text: en.toast.added }, options);
  }

  /** Waits until the cart button says it holds `count` items ('Open cart, 2 items'); resolves with its badge. */
  async seeCartCount(count: number, options: WaitOptions = {}): Promise<string> {
    await this.browser.waitForElement(shopQueries.cartButton(count), options);
    return this.browser.text(shopQueries.cartButton(count));
  }

  /** The cart button's accessible name now, e.g. 'Open cart, 1 item' (`null` when there is none). */
  async cartButtonName(): Promise<string | null> {
    return (await this.landingScreen()).cartButton?.name ?? null;
  }

  /** Puts the fault tests' cart in: Ocean Blue, '+', 'Add to Cart', and checks the cart button says 2 items. */
  async fillCart(): Promise<void> {
    await this.chooseColour(FAULT_CART.colourId);
    await this.increaseQuantity();
    await this.addToCart(FAULT_CART.quantity);
    await this.seeCartCount(FAULT_CART.quantity);
  }

  // Cart dialog

  /**
   * Opens the cart holding `count` items with the cart button and waits for its line ('Your cart is
   * empty' at 0).
   */
  async openCart(count: number = FAULT_CART.quantity): Promise<void> {
    await this.browser.click(shopQueries.cartButton(count));
    await this.browser.waitForElement(
      inCart({ text: count === 0 ? en.cart.empty : shopText.quantityLine(count) }),
    );
  }

  /** The text of the cart's line (see {@link cartLineAsShown}), or `null` when the cart shows none. */
  async cartLine(): Promise<string | null> {
    const { cart } = await this.landingScreen();
    return cart?.kind === 'line' ? (cart.lines[0] ?? null) : null;
  }

  /** Closes the cart with its own button: 'Start Shopping' when it is empty, else 'Continue Shopping'. */
  closeCart(count: number): Promise<void> {
    return this.browser.click(shopQueries.closeCart(count));
  }

  /** Presses 'Proceed to Checkout'. */
  proceed(): Promise<void> {
    return this.browser.click(shopQueries.proceed);
  }

  /** How many 'Proceed to Checkout' buttons the cart shows (an empty cart has none). */
  proceedButtons(): Promise<number> {
    return this.browser.count(shopQueries.proceed);
  }

  /** Presses 'Try again' after the cart said the checkout did not open. */
  tryAgain(): Promise<void> {
    return this.browser.click(inCart({ role: 'button', name: en.cart.tryAgain }));
  }

  /** 'Proceed to Checkout' while busy: 'Opening checkout...', `aria-busy="true"` (`null` when not busy). */
  async busyProceed(): Promise<{ ariaBusy: string | null } | null> {
    const { cart } = await this.landingScreen();
    const proceed = cart?.kind === 'line' ? cart.proceed : null;
    return proceed?.name === en.cart.openingCheckout ? { ariaBusy: proceed.busy } : null;
  }

  /** The cart's alert text (why the checkout did not open), or `null`. */
  async cartAlert(): Promise<string | null> {
    const { cart } = await this.landingScreen();
    return cart?.kind === 'line' ? cart.alert : null;
  }

  /**
   * Starts recording, in the page, every alert (`role="alert"`) text it shows from now on, until it
   * unloads; {@link alertsSeen} reads the record.
   */
  recordAlerts(): Promise<void> {
    return this.browser.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __engineAlertsSeen: seen });
      const note = () => {
        for (const alert of document.querySelectorAll('[role="alert"]'))
          if (alert.textContent && !seen.includes(alert.textContent)) seen.push(alert.textContent);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      note();
    });
  }

  /** The alert texts recorded since {@link recordAlerts} (`null` when the page has reloaded since). */
  alertsSeen(): Promise<string[] | null> {
    return this.browser.evaluate(
      () => (window as unknown as { __engineAlertsSeen?: string[] }).__engineAlertsSeen ?? null,
    );
  }

  // A new release ('A new version of the shop is ready')

  /** True while the new-release prompt shows. */
  isReleaseOffered(): Promise<boolean> {
    return this.browser.isVisible({ text: en.release.ready });
  }

  /** Presses the prompt's 'Reload'. */
  reloadIntoRelease(): Promise<void> {
    return this.browser.click({ role: 'button', name: en.release.reload });
  }

  /** The entry module the page runs (`/assets/index-<hash>.js`, its `<meta name="app-entry">`): which release it is. */
  runningRelease(): Promise<string | null> {
    return this.browser.evaluate(
      (name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null,
      APP_ENTRY_META,
    );
  }

  /**
   * The shopper comes back to the tab: the `visibilitychange` a browser fires then, on which the shop
   * checks for a new release (no engine's automation can hide and show a tab the same way).
   */
  returnToTab(): Promise<void> {
    return this.browser.evaluate(() => void document.dispatchEvent(new Event('visibilitychange')));
  }

  /**
   * Waits until a new release's worker is installed and waits (`installed`); the task that says so
   * also starts workbox-window's 200 ms wait before the page hears of it (default 60 s).
   */
  async waitForReleaseInstalled(options: WaitOptions = { timeoutMs: 60_000 }): Promise<void> {
    await this.browser.waitFor(
      () =>
        this.browser.evaluate(
          async () => (await navigator.serviceWorker.ready).waiting?.state === 'installed',
        ),
      options,
      'the new release to be installed and wait',
    );
  }

  /**
   * Waits until the shop's service worker controls the page: from then on the shop works offline
   * (default 60 s: its first install downloads every file of the release).
   */
  async waitForWorkerInControl(options: WaitOptions = { timeoutMs: 60_000 }): Promise<void> {
    await this.browser.waitFor(
      () => this.browser.evaluate(() => navigator.serviceWorker?.controller != null),
      options,
      'the service worker to control the page',
    );
  }

  // Checkout page

  /** True when the page is /checkout. */
  async isAtCheckout(): Promise<boolean> {
    return new URL(await this.browser.url()).pathname === '/checkout';
  }

  /**
   * Waits until /checkout shows the cart's line (colour and quantity) in its Order Summary, once
   * the app there is interactive.
   */
  async seeCheckoutWith(
    colourId: ColourId = FAULT_CART.colourId,
    quantity: number = FAULT_CART.quantity,
    options: WaitOptions = { timeoutMs: 60_000 },
  ): Promise<void> {
    await this.browser.waitFor(() => this.isAtCheckout(), options, 'the page to be /checkout');
    await this.waitUntilInteractive(options);
    await this.browser.waitForElement({ text: shopText.colourLine(colourId), within: summary }, options);
    await this.browser.waitForElement({ text: shopText.quantityLine(quantity), within: summary });
  }

  /** Types the shopper's details (default: tests/support/shopper-details.ts, every required field), by label. */
  async fillCheckoutForm(
    details: Iterable<readonly [label: string, value: string]> = SHOPPER_DETAILS,
  ): Promise<void> {
    for (const [label, value] of details) await this.browser.fill(label, value);
  }

  /** Chooses a shipping method. */
  chooseShipping(id: ShippingMethodId): Promise<void> {
    return this.browser.click(shopQueries.shippingMethod(id));
  }

  /**
   * Presses 'Complete Order - $X': for the order of `quantity` × `colourId` with shipping `method`
   * when given (the button must show its total), else whatever total it shows.
   */
  submitOrder(order?: { colourId: ColourId; quantity: number; method: ShippingMethodId }): Promise<void> {
    if (!order) return this.browser.click(shopQueries.submit);
    const { totalCents } = orderTotals([lineItemFor(order.colourId, order.quantity)], order.method);
    return this.browser.click({ role: 'button', name: shopText.submit(totalCents) });
  }

  /** Waits for the busy submit button 'Processing...'. */
  seeProcessing(options?: WaitOptions): Promise<void> {
    return this.browser.waitForElement({ role: 'button', name: en.checkout.processing }, options);
  }

  /** Waits for 'Order Confirmed!' and resolves with the order number shown ('PB-123456'). */
  async seeOrderConfirmed(options?: WaitOptions): Promise<string> {
    await this.browser.waitForElement({ role: 'heading', name: en.checkout.confirmed.title }, options);
    const line = await this.browser.text({ text: startsWith(shopText.orderNumberPrefix) });
    return line.slice(shopText.orderNumberPrefix.length);
  }

  /** Presses 'Stay on this page' on 'Order Confirmed!', which stops the redirect (WCAG 2.2.1). */
  stayOnConfirmation(): Promise<void> {
    return this.browser.click({ role: 'button', name: en.checkout.confirmed.stay });
  }

  /** Follows 'Back to Shop' (the checkout's, or the not-found page's) and waits for '/'. */
  async backToShop(from: 'checkout' | 'not found' = 'checkout'): Promise<void> {
    const name = from === 'checkout' ? en.checkout.backToShop : en.notFound.home;
    await this.browser.click({ role: 'link', name });
    await this.browser.waitFor(
      async () => new URL(await this.browser.url()).pathname === '/',
      {},
      "'/' after Back to Shop",
    );
  }

  // Not-found page

  /** Waits for the not-found page's title and resolves with its text line. */
  async seeNotFound(): Promise<string> {
    await this.browser.waitForElement({ role: 'heading', level: 1, name: en.notFound.title });
    return this.browser.text({ text: en.notFound.text });
  }

  // Whole screens, each read in one round trip (the generated paths compare them with the model's views)

  /**
   * The landing page as a shopper sees it now: the chosen swatch's name; the hero image's name and
   * path; the showcase cards marked pressed, each with whether it says 'Selected'; the stepper's
   * quantity and whether 'Decrease quantity' is marked disabled; the 'Add to Cart - $X' buttons; the
   * cart button's name and badge; the new-release prompt; the toast; and the cart dialog, if open:
   * empty (with 'Start Shopping'), or its line's and total's texts, the Proceed button's name and
   * `aria-busy` / `aria-disabled`, and its status and alert texts.
   */
  landingScreen() {
    return this.browser.read(
      (h, texts) => {
        const scope = { css: '#product' };
        const inDialog = { role: 'dialog' as const, name: { exact: texts.cartTitle } };
        const radio = h
          .findAll({ role: 'radio', within: scope })
          .find((r) => (r as HTMLInputElement).checked);
        const hero = h
          .findAll({ role: 'img', within: scope })
          .find((img) => texts.heroAlts.includes(h.nameOf(img)));
        const decrease = h.find({ role: 'button', name: { exact: texts.decrease }, within: scope });
        const cartButton = h.findAll({ role: 'button' }).find((b) => h.nameOf(b).startsWith(texts.cartLabel));
        const dialog = h.find(inDialog);
        const button = (name: string) => h.find({ role: 'button', name: { exact: name }, within: inDialog });
        const proceed = button(texts.proceed) ?? button(texts.opening) ?? button(texts.tryAgain);
        const alert = h.find({ role: 'alert', within: inDialog });
        const cartTotal = h.find({ text: { exact: texts.total }, within: inDialog })?.parentElement;
        return {
          path: location.pathname,
          colour: radio ? h.nameOf(radio) : null,
          hero: hero ? { name: h.nameOf(hero), src: hero.getAttribute('src') } : null,
          showcase: h
            .findAll({ role: 'button', within: { css: '#colours' } })
            .filter((card) => card.getAttribute('aria-pressed') === 'true')
            .map((card) => ({
              colour: texts.colourNames.find((name) => h.nameOf(card).startsWith(name)) ?? h.nameOf(card),
              // textContent: the showcase skips rendering offscreen (content-visibility), which empties innerText.
              selected: (card.textContent ?? '').includes(texts.selected),
            })),
          quantity:
            h
              .find({ role: 'status', name: { exact: texts.quantityLabel }, within: scope })
              ?.textContent?.trim() ?? null,
          decreaseDisabled: decrease?.getAttribute('aria-disabled') === 'true',
          addToCart: h
            .findAll({ role: 'button', within: scope })
            .map((b) => h.nameOf(b))
            .filter((name) => name.startsWith(texts.addToCartPrefix)),
          cartButton: cartButton ? { name: h.nameOf(cartButton), badge: h.textOf(cartButton) || null } : null,
          release:
            h.find({ text: { exact: texts.releaseReady } }) === null
              ? 'none'
              : h.find({ role: 'button', name: { exact: texts.reload } }) === null
                ? 'prompt without its Reload button'
                : 'waiting',
          toast: h.find({ text: { exact: texts.toast } }) !== null,
          cart: !dialog
            ? null
            : h.find({ text: { exact: texts.empty }, within: inDialog })
              ? { kind: 'empty' as const, startShopping: button(texts.startShopping) !== null }
              : {
                  kind: 'line' as const,
                  lines: h.findAll({ role: 'listitem', within: inDialog }).map((item) => h.textOf(item)),
                  total: cartTotal ? h.textOf(cartTotal) : null,
                  proceed: proceed && {
                    name: h.nameOf(proceed),
                    busy: proceed.getAttribute('aria-busy'),
                    disabled: proceed.getAttribute('aria-disabled'),
                  },
                  status: h.find({ role: 'status', within: inDialog })?.textContent?.trim() ?? null,
                  alert: alert && h.textOf(alert),
                },
        };
      },
      {
        colourNames: COLOURS.map((colour) => en.colour[colour.id]),
        heroAlts: COLOURS.map((colour) => shopText.heroAlt(colour.id)),
        selected: en.showcase.selected,
        quantityLabel: en.product.quantityLabel,
        decrease: en.product.decreaseQuantity,
        addToCartPrefix: shopText.addToCartPrefix,
        cartLabel: en.cartButton.label,
        releaseReady: en.release.ready,
        reload: en.release.reload,
        toast: en.toast.added,
        cartTitle: en.cart.title,
        empty: en.cart.empty,
        startShopping: en.cart.startShopping,
        total: en.cart.total,
        proceed: en.cart.proceed,
        opening: en.cart.openingCheckout,
        tryAgain: en.cart.tryAgain,
      },
    );
  }

  /** The swatches' values (colour ids) the landing page offers to choose from. */
  colourChoices(): Promise<string[]> {
    return this.browser.read(
      (h) =>
        h.findAll({ role: 'radio', within: { css: '#product' } }).map((r) => (r as HTMLInputElement).value),
      null,
    );
  }

  /** /checkout while an order is underway: 'Processing...', 'Order Confirmed!' or neither; any release offered. */
  orderScreen() {
    return this.browser.read(
      (h, texts) => ({
        path: location.pathname,
        order: h.find({ role: 'heading', name: { exact: texts.confirmed } })
          ? 'confirmed'
          : h.find({ role: 'button', name: { exact: texts.processing } })
            ? 'processing'
            : 'neither',
        releaseOffered: h.find({ text: { exact: texts.releaseReady } }) !== null,
      }),
      {
        confirmed: en.checkout.confirmed.title,
        processing: en.checkout.processing,
        releaseReady: en.release.ready,
      },
    );
  }

  /**
   * The checkout as a shopper sees it now: at '/' (after the redirect) whether 'Add to Cart' shows; at
   * 'Order Confirmed!' what has focus (the heading or its control), its control ('Stay on this page' or
   * 'Back to Shop') and the order-number line; else the checked
   * shipping method's name, the Order Summary's total rows, the submit button's name and `disabled`,
   * and the value of each field labelled `fieldLabels`.
   */
  checkoutScreen(fieldLabels: readonly string[]) {
    return this.browser.read(
      (h, texts) => {
        const heading = h.find({ role: 'heading', name: { exact: texts.confirmed } });
        if (location.pathname === '/')
          return {
            page: 'home',
            addToCart: h
              .findAll({ role: 'button' })
              .some((b) => h.nameOf(b).startsWith(texts.addToCartPrefix)),
          };
        if (heading) {
          const stay = h.find({ role: 'button', name: { exact: texts.stay } });
          const back = h.find({ role: 'link', name: { exact: texts.backToShop } });
          const control = stay ?? back;
          return {
            page: 'confirmed',
            focused:
              document.activeElement === heading
                ? 'heading'
                : control && document.activeElement === control
                  ? 'control'
                  : null,
            control: control ? { role: stay ? 'button' : 'link', name: h.nameOf(control) } : null,
            orderNumber:
              h.find({ text: { source: `^${texts.orderNumberPrefix}`, flags: '' } })?.textContent?.trim() ??
              null,
          };
        }
        const checked = h.findAll({ role: 'radio' }).find((r) => (r as HTMLInputElement).checked);
        const summary = { role: 'complementary' as const, name: { exact: texts.summary } };
        const submit = h
          .findAll({ role: 'button' })
          .find((b) => texts.submits.some((name) => h.nameOf(b).startsWith(name)));
        return {
          page: location.pathname === '/checkout' ? 'checkout' : location.pathname,
          shippingMethod: checked
            ? (texts.methods.find((name) => h.nameOf(checked).startsWith(name)) ?? h.nameOf(checked))
            : null,
          totals: h
            .findAll({ role: 'row', within: summary })
            .map((row) => h.textOf(row))
            .filter((row) => texts.rowNames.some((name) => row.startsWith(name))),
          submit: submit
            ? { name: h.nameOf(submit), disabled: (submit as HTMLButtonElement).disabled }
            : null,
          fields: texts.labels.map((label) => {
            const field = h.find({ label });
            return { label, value: field ? (field as HTMLInputElement).value : null };
          }),
        };
      },
      {
        confirmed: en.checkout.confirmed.title,
        stay: en.checkout.confirmed.stay,
        backToShop: en.checkout.backToShop,
        addToCartPrefix: shopText.addToCartPrefix,
        orderNumberPrefix: shopText.orderNumberPrefix,
        summary: en.checkout.summary.title,
        methods: SHIPPING_METHODS.map((method) => en.checkout.shippingMethod.methods[method.id].name),
        rowNames: [
          en.checkout.summary.subtotal,
          en.checkout.summary.shipping,
          en.checkout.summary.tax,
          en.checkout.summary.total,
        ],
        submits: [shopText.submitPrefix, en.checkout.processing],
        labels: fieldLabels,
      },
    );
  }

  /**
   * What the temporal properties observe (machines/temporal-properties.ts), read in one round trip on
   * any page: the new-release prompt; 'Processing...' or 'Order Confirmed!'; the toast; the cart
   * button's accessible name (null where it does not show); the value of each field labelled
   * `cardLabels` (null where the form does not show); and the order-number line.
   */
  temporalScreen(cardLabels: readonly string[]) {
    return this.browser.read(
      (h, texts) => {
        const cartButton = h.findAll({ role: 'button' }).find((b) => h.nameOf(b).startsWith(texts.cartLabel));
        const cardFields = texts.cardLabels.map((label) => h.find({ label }));
        return {
          promptVisible: h.find({ text: { exact: texts.releaseReady } }) !== null,
          order: h.find({ role: 'heading', name: { exact: texts.confirmed } })
            ? ('confirmed' as const)
            : h.find({ role: 'button', name: { exact: texts.processing } })
              ? ('processing' as const)
              : null,
          toastVisible: h.find({ text: { exact: texts.toast } }) !== null,
          cartButtonName: cartButton ? h.nameOf(cartButton) : null,
          cardValues: cardFields.every((field) => field === null)
            ? null
            : cardFields.map((field) => (field as HTMLInputElement | null)?.value ?? ''),
          orderNumber:
            h.find({ text: { source: `^${texts.orderNumberPrefix}`, flags: '' } })?.textContent?.trim() ??
            null,
        };
      },
      {
        releaseReady: en.release.ready,
        confirmed: en.checkout.confirmed.title,
        processing: en.checkout.processing,
        toast: en.toast.added,
        cartLabel: en.cartButton.label,
        cardLabels,
        orderNumberPrefix: shopText.orderNumberPrefix,
      },
    );
  }

  /**
   * How the checkout shows the country: `'as text'` ('Country: United States', with no field for it),
   * `'as a field'` when a textbox is named for it, or `null` when neither shows.
   */
  countryShown(): Promise<'as text' | 'as a field' | null> {
    return this.browser.read(
      (h, text) =>
        h.findAll({ role: 'textbox' }).some((field) => /country/i.test(h.nameOf(field)))
          ? 'as a field'
          : h.find({ text: { exact: text } })
            ? 'as text'
            : null,
      fillText(en.checkout.shippingAddress.country, { country: 'United States' }),
    );
  }

  /** The names of the shipping methods the checkout offers, in order. */
  shippingMethodChoices(): Promise<string[]> {
    return this.browser.read(
      (h, within) => h.findAll({ role: 'radio', within }).map((radio) => h.nameOf(radio)),
      { role: 'group' as const, name: { exact: en.checkout.shippingMethod.title } },
    );
  }
}

/** What {@link ShopModel.temporalScreen} reads. */
export type TemporalScreen = Awaited<ReturnType<ShopModel['temporalScreen']>>;
/** What {@link ShopModel.landingScreen} reads. */
export type LandingScreen = Awaited<ReturnType<ShopModel['landingScreen']>>;
/** What {@link ShopModel.checkoutScreen} reads. */
export type CheckoutScreen = Awaited<ReturnType<ShopModel['checkoutScreen']>>;
