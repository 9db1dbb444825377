/**
 * Path drivers for the model suites in jsdom: they act like a shopper with user-event
 * (clicks, typing) on the real app rendered by `renderApp`, assert what a shopper sees with Testing
 * Library queries by role and name, and move Vitest's fake clock for delays.
 */
import { act, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { COLOURS, type ColourId } from '@machines/catalog';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, type CheckoutSnapshot } from '@machines/checkout-machine';
import { orderNumberFromTimestamp } from '@machines/order-number';
import { SHIPPING_METHODS } from '@machines/pricing';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import en from '@/locales/en';
import type { RenderedApp } from '@tests/render-app';
import { jsdomCheckoutLoads, jsdomReloads } from './checkout-load-control';
import { FIELD_LABELS, FORM_VALUES, checkoutView, type CheckoutModelEvent } from './checkout-model';
import { invokeDoneEventType, invokeErrorEventType, type PathDriver } from './derive-test-model';
import { fillText } from './shopper-text';
import { storefrontView, type ProceedView, type StorefrontModelEvent } from './storefront-model';

type User = RenderedApp['user'];

const advanceClock = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

/**
 * Lets promises settle (no clock moves) until `done()` holds: the app's reaction to a download that
 * ended runs in microtasks, and the router's navigation too.
 * @throws when it still does not hold after 50 rounds.
 */
async function settleUntil(done: () => boolean, what: string) {
  for (let round = 0; round < 50 && !done(); round += 1) await act(async () => {});
  if (!done()) throw new Error(`Still waiting for ${what}`);
}

/** Ends the waiting download(s) of the checkout's code: done, or failed with `error`. */
async function endCheckoutDownload(error?: unknown) {
  await act(async () => jsdomCheckoutLoads.settle(error));
}

const shippingMethodNames = SHIPPING_METHODS.map(
  (method) => en.checkout.shippingMethod.methods[method.id].name,
);
const cartDialog = () => screen.getByRole('dialog', { name: en.cart.title });
// The landing page is big and slow to search as a whole: most queries look in one of its sections.
const productSection = () => within(document.getElementById('product')!);
const showcaseSection = () => within(document.getElementById('colours')!);

/** The swatch radio of a colour, or (for Sunset Orange) its showcase card: both send `colour.select`. */
const colourControl = (colourId: ColourId) =>
  colourId === 'sunset-orange'
    ? showcaseSection().getByRole('button', { name: new RegExp(`^${en.colour[colourId]}`) })
    : productSection().getByLabelText(en.colour[colourId]);

/** Types every checkout field once (the `form.fill` scenario), by visible label. */
async function fillCheckoutForm(user: User) {
  for (const [name, label] of Object.entries(FIELD_LABELS) as [keyof typeof FIELD_LABELS, string][]) {
    await user.type(screen.getByLabelText(label), FORM_VALUES[name]);
  }
}

/**
 * What `order.placed` is to a shopper: a whole checkout. Opens the cart, proceeds, fills the form,
 * submits, and waits out processing (3 s) and the confirmation (3 s) until the shop is back.
 */
async function completeCheckout(app: RenderedApp) {
  await app.user.click(screen.getByLabelText(/^Open cart/));
  await app.user.click(within(cartDialog()).getByRole('button', { name: en.cart.proceed }));
  await endCheckoutDownload();
  await settleUntil(() => app.router.state.location.pathname === '/checkout', '/checkout');
  await fillCheckoutForm(app.user);
  await app.user.click(screen.getByRole('button', { name: /^Complete Order/ }));
  await advanceClock(PROCESSING_DELAY_MS);
  expect(screen.getByRole('heading', { name: en.checkout.confirmed.title })).toBeInTheDocument();
  await advanceClock(REDIRECT_DELAY_MS);
  expect(app.router.state.location.pathname).toBe('/');
}

/** Asserts /checkout shows the cart of `snapshot` in its Order Summary: colour and quantity. */
function assertCheckoutCarries(app: RenderedApp, snapshot: StorefrontSnapshot) {
  expect(app.router.state.location.pathname).toBe('/checkout');
  const summary = screen.getByRole('complementary', { name: en.checkout.summary.title });
  const { colourName } = storefrontView(snapshot);
  expect(within(summary).getByText(fillText(en.lineItem.colour, { colour: colourName }))).toBeVisible();
  expect(
    within(summary).getByText(fillText(en.lineItem.quantity, { count: snapshot.context.cartCount })),
  ).toBeVisible();
}

/**
 * Asserts the page shows what a shopper should see in a storefront snapshot: the landing page, or,
 * while the storefront waits for the checkout it navigated to, /checkout with the cart.
 */
function assertStorefront(app: RenderedApp, snapshot: StorefrontSnapshot) {
  const view = storefrontView(snapshot);
  if (view.cart?.kind === 'line' && view.cart.proceed === 'leaving')
    return assertCheckoutCarries(app, snapshot);
  expect(app.router.state.location.pathname).toBe('/');
  // Queries are scoped to the product section and the showcase: the whole page is slow to search.
  const product = productSection();
  const colourGroup = product.getByRole('group', {
    name: fillText(en.product.colourLegend, { colour: view.colourName }),
  });
  expect(within(colourGroup).getByLabelText(view.colourName)).toBeChecked();
  expect(product.getByRole('img', { name: view.heroAlt })).toHaveAttribute('src', view.heroImage);
  expect(
    showcaseSection().getByRole('button', { name: new RegExp(`^${view.colourName}`), pressed: true }),
  ).toHaveTextContent(en.showcase.selected);
  expect(product.getByRole('status', { name: en.product.quantityLabel })).toHaveTextContent(
    new RegExp(`^${view.quantity}$`),
  );
  const decrease = product.getByRole('button', { name: en.product.decreaseQuantity });
  if (view.decreaseDisabled) expect(decrease).toHaveAttribute('aria-disabled', 'true');
  else expect(decrease).not.toHaveAttribute('aria-disabled');
  expect(product.getByRole('button', { name: view.addToCart })).toBeInTheDocument();
  expect(screen.getByLabelText(view.cartButton)).toHaveTextContent(view.badge ?? /^$/);
  if (view.toast) expect(screen.getByText(view.toast)).toBeVisible();
  else expect(screen.queryByText(en.toast.added)).not.toBeInTheDocument();

  if (!view.cart) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    return;
  }
  const dialog = cartDialog();
  expect(dialog).toBeVisible();
  if (view.cart.kind === 'empty') {
    expect(within(dialog).getByText(view.cart.text)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: en.cart.startShopping })).toBeInTheDocument();
  } else {
    expect(within(dialog).getByText(view.cart.colour)).toBeInTheDocument();
    expect(within(dialog).getByText(view.cart.quantity)).toBeInTheDocument();
    // The line's total and the cart's total are the same amount: one line only (spec §4).
    expect(within(dialog).getAllByText(view.cart.total)).toHaveLength(2);
    assertProceed(dialog, view.cart.proceed);
  }
}

/** Asserts where 'Proceed to Checkout' stands in the open cart. */
function assertProceed(dialog: HTMLElement, proceed: ProceedView) {
  const status = within(dialog).getByRole('status');
  if (proceed === 'opening' || proceed === 'reloading') {
    const busy = within(dialog).getByRole('button', { name: en.cart.openingCheckout });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(status).toHaveTextContent(en.cart.openingCheckout);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    if (proceed === 'reloading') expect(jsdomReloads.carts).toHaveLength(1);
    else expect(jsdomReloads.carts).toHaveLength(0);
    return;
  }
  if (proceed === 'leaving') throw new Error('A page that went on to /checkout shows no cart.');
  expect(status).toBeEmptyDOMElement();
  if (proceed === 'ready') {
    expect(within(dialog).getByRole('button', { name: en.cart.proceed })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    return;
  }
  expect(within(dialog).getByRole('alert')).toHaveTextContent(en.cart.checkoutFailure[proceed]);
  expect(within(dialog).getByRole('button', { name: en.cart.tryAgain })).toBeEnabled();
}

/** The storefront path driver: the landing page in jsdom, from `renderApp('/', { fakeTimers: true })`. */
export function storefrontJsdomDriver(
  app: RenderedApp,
): PathDriver<StorefrontSnapshot, StorefrontModelEvent> {
  const { user } = app;
  return {
    advanceClock,
    assertState: async (snapshot) => assertStorefront(app, snapshot),
    perform: async (event, snapshot) => {
      const { cartCount } = snapshot.context;
      switch (event.type) {
        case 'colour.select':
          if (COLOURS.some((colour) => colour.id === event.colourId))
            await user.click(colourControl(event.colourId));
          // An unknown colour: the shopper finds only the catalog's colours to choose from.
          else
            expect(
              productSection()
                .getAllByRole('radio')
                .map((radio) => radio.getAttribute('value')),
            ).toEqual(COLOURS.map((colour) => colour.id));
          return;
        case 'quantity.increment':
          return user.click(productSection().getByRole('button', { name: en.product.increaseQuantity }));
        case 'quantity.decrement':
          return user.click(productSection().getByRole('button', { name: en.product.decreaseQuantity }));
        case 'cart.add':
          return user.click(productSection().getByRole('button', { name: /^Add to Cart/ }));
        case 'cart.open':
          return user.click(
            cartCount > 0
              ? screen.getByLabelText(/^Open cart/)
              : productSection().getByRole('button', { name: en.product.buyNowPayPal }),
          );
        case 'cart.close':
          return user.click(
            within(cartDialog()).getByRole('button', {
              name: cartCount > 0 ? en.cart.continueShopping : en.cart.startShopping,
            }),
          );
        case 'checkout.proceed': {
          const proceed = within(cartDialog()).queryByRole('button', { name: en.cart.proceed });
          if (cartCount === 0) {
            // The shopper cannot proceed with an empty cart: there is no button to do it with.
            expect(proceed).not.toBeInTheDocument();
            return;
          }
          return user.click(proceed!);
        }
        case 'checkout.retry':
          return user.click(within(cartDialog()).getByRole('button', { name: en.cart.tryAgain }));
        case invokeErrorEventType('loadCheckout'):
          return endCheckoutDownload((event as { error: unknown }).error);
        case invokeDoneEventType('loadCheckout'):
          await endCheckoutDownload();
          return settleUntil(() => app.router.state.location.pathname === '/checkout', '/checkout');
        case 'checkout.opened':
          // The checkout page sent it as it showed. The cart arrived at /checkout as it
          // was; 'Back to Shop' returns to the same cart.
          assertCheckoutCarries(app, snapshot);
          return user.click(screen.getByRole('link', { name: en.checkout.backToShop }));
        case 'order.placed':
          return completeCheckout(app);
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}

/** The checkout path driver: /checkout in jsdom, from `renderApp('/checkout', { state, fakeTimers: true })`. */
export function checkoutJsdomDriver(app: RenderedApp): PathDriver<CheckoutSnapshot, CheckoutModelEvent> {
  const { user } = app;
  let submittedAt: number | null = null;
  return {
    advanceClock,
    assertState: async (snapshot) => {
      const view = checkoutView(snapshot);
      if (view.page === 'home') {
        expect(app.router.state.location.pathname).toBe('/');
        expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
        return;
      }
      expect(app.router.state.location.pathname).toBe('/checkout');
      if (view.page === 'confirmed') {
        expect(screen.getByRole('heading', { name: view.heading })).toHaveFocus();
        const orderNumber = orderNumberFromTimestamp(submittedAt! + PROCESSING_DELAY_MS);
        expect(screen.getByText(fillText(en.checkout.confirmed.orderNumber, { orderNumber }))).toBeVisible();
        return;
      }
      expect(screen.getByRole('radio', { name: new RegExp(`^${view.shippingMethod}`) })).toBeChecked();
      const summary = screen.getByRole('complementary', { name: en.checkout.summary.title });
      for (const row of view.totals) expect(within(summary).getByRole('row', { name: row })).toBeVisible();
      const submit = screen.getByRole('button', {
        name: new RegExp(`^${view.submit.replace(/[.$]/g, '\\$&')}`),
      });
      if (view.processing) expect(submit).toBeDisabled();
      else expect(submit).toBeEnabled();
      for (const { label, value } of view.fields) expect(screen.getByLabelText(label)).toHaveValue(value);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'shippingMethod.select':
          if (SHIPPING_METHODS.some((method) => method.id === event.shippingMethodId)) {
            const name = en.checkout.shippingMethod.methods[event.shippingMethodId].name;
            return user.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));
          }
          {
            // An unknown method: the shopper finds only the three methods to choose from.
            const group = screen.getByRole('group', { name: en.checkout.shippingMethod.title });
            const radios = within(group).getAllByRole('radio');
            expect(radios).toHaveLength(shippingMethodNames.length);
            for (const [index, name] of shippingMethodNames.entries()) {
              expect(radios[index]).toHaveAccessibleName(new RegExp(`^${name}`));
            }
          }
          return;
        case 'field.change':
          if (event.name in FIELD_LABELS)
            return user.type(screen.getByLabelText(FIELD_LABELS[event.name]), event.value);
          // A field the shopper cannot edit: the country shows as text, with no input to type into.
          expect(screen.queryByRole('textbox', { name: /country/i })).not.toBeInTheDocument();
          expect(
            screen.getByText(fillText(en.checkout.shippingAddress.country, { country: 'United States' })),
          ).toBeVisible();
          return;
        case 'form.fill':
          return fillCheckoutForm(user);
        case 'order.submit':
          submittedAt = Date.now();
          return user.click(screen.getByRole('button', { name: /^Complete Order/ }));
        default:
          throw new Error(`No shopper action for ${event.type}`);
      }
    },
  };
}
