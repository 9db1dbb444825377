/**
 * The checkout machine: the checkout form, shipping method and the simulated order
 * idle → processing (3 s) → confirmed (3 s) → redirect (spec §2 'Checkout page', §3, §4 'Checkout', §9),
 * or confirmed → stayed when the shopper stops the redirect (WCAG 2.2.1 Timing Adjustable).
 * Pure XState: no React, no DOM, no network call. The app provides `navigateHome` (route to /) and
 * `notifyOrderPlaced` (empty the storefront's cart) with `checkoutMachine.provide(...)`.
 */
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { lineItemsFromCheckoutInput } from './parse-checkout-input';
import {
  EMPTY_CHECKOUT_FORM,
  isCheckoutFieldName,
  type CheckoutFieldName,
  type CheckoutForm,
} from './checkout-form';
import { orderNumberFromTimestamp } from './order-number';
import {
  DEFAULT_SHIPPING_METHOD_ID,
  isShippingMethodId,
  orderTotals,
  type LineItem,
  type OrderTotals,
  type ShippingMethodId,
} from './pricing';

/** How long the submit button shows 'Processing...' before the order is confirmed, in ms (spec §9). */
export const PROCESSING_DELAY_MS = 3000;
/** How long 'Order Confirmed!' shows before the shopper is sent back to /, in ms (spec §9). */
export const REDIRECT_DELAY_MS = 3000;

/** Input of the checkout machine: the untrusted navigation state of /checkout (spec §3). */
export interface CheckoutMachineInput {
  checkoutInput: unknown;
}

/** Context of the checkout machine. */
export interface CheckoutContext {
  form: CheckoutForm;
  shippingMethodId: ShippingMethodId;
  /** Validated line items (never empty); prices in cents. */
  lineItems: LineItem[];
  /** 'PB-' + six digits once confirmed, else null. */
  orderNumber: string | null;
}

/** Events the checkout machine accepts. */
export type CheckoutEvent =
  | { type: 'field.change'; name: CheckoutFieldName; value: string }
  | { type: 'shippingMethod.select'; shippingMethodId: ShippingMethodId }
  | { type: 'order.submit' }
  | { type: 'redirect.cancel' }
  | { type: 'shop.return' };

/**
 * The checkout machine (spec §4 'Checkout'). `order.submit` is sent once the browser's native
 * `required` checks pass (spec §5); the order number is taken from `Date.now()` when processing ends,
 * so tests fix it with a fake clock (Vitest `vi.setSystemTime`, Playwright `page.clock`).
 */
export const checkoutMachine = setup({
  types: {} as {
    context: CheckoutContext;
    events: CheckoutEvent;
    input: CheckoutMachineInput;
    tags: 'orderConfirmed';
  },
  actions: {
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        return { ...context.form, [event.name]: event.value };
      },
    }),
    selectShippingMethod: assign({
      shippingMethodId: ({ event }) => {
        assertEvent(event, 'shippingMethod.select');
        return event.shippingMethodId;
      },
    }),
    assignOrderNumber: assign({ orderNumber: () => orderNumberFromTimestamp(Date.now()) }),
    clearCardData: assign({
      form: ({ context }) => ({ ...context.form, cardNumber: '', expiryDate: '', cvv: '', nameOnCard: '' }),
    }),
    /** Provided by the app: tells the storefront an order is underway (it holds a new release back). */
    notifyOrderSubmitted: () => {},
    /** Provided by the app: empties the storefront's cart. */
    notifyOrderPlaced: () => {},
    /** Provided by the app: routes back to /. */
    navigateHome: () => {},
  },
  guards: {
    isEditableField: ({ event }) => {
      assertEvent(event, 'field.change');
      return isCheckoutFieldName(event.name) && typeof event.value === 'string';
    },
    isKnownShippingMethod: ({ event }) => {
      assertEvent(event, 'shippingMethod.select');
      return isShippingMethodId(event.shippingMethodId);
    },
  },
  delays: {
    processingDelay: PROCESSING_DELAY_MS,
    redirectDelay: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'checkout',
  description:
    'Checkout page: form, shipping method and the simulated order, idle → processing → confirmed → redirect (spec §4), or → stayed when the shopper stops the redirect (WCAG 2.2.1). No payment or order call is made.',
  context: ({ input }) => ({
    form: { ...EMPTY_CHECKOUT_FORM },
    shippingMethodId: DEFAULT_SHIPPING_METHOD_ID,
    lineItems: lineItemsFromCheckoutInput(input.checkoutInput),
    orderNumber: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      id: 'checkout.idle',
      description: 'The shopper fills the form and picks a shipping method.',
      on: {
        'field.change': { guard: 'isEditableField', actions: 'changeField' },
        'shippingMethod.select': { guard: 'isKnownShippingMethod', actions: 'selectShippingMethod' },
        'order.submit': {
          target: 'processing',
          description: "Sent after the browser's native required checks pass (spec §5).",
        },
      },
    },
    processing: {
      id: 'checkout.processing',
      description: "Submit button disabled with a spinner and 'Processing...'; further submits are ignored.",
      entry: 'notifyOrderSubmitted',
      after: { processingDelay: { target: 'confirmed', actions: 'assignOrderNumber' } },
    },
    confirmed: {
      id: 'checkout.confirmed',
      tags: ['orderConfirmed'],
      description:
        "'Order Confirmed!' with the order number and 'Stay on this page'; card data is cleared and the cart emptied.",
      entry: ['clearCardData', 'notifyOrderPlaced'],
      after: { redirectDelay: { target: 'redirect' } },
      on: {
        'redirect.cancel': {
          target: 'stayed',
          description:
            "'Stay on this page': the shopper stops the 3 s redirect to read or note the order (WCAG 2.2.1).",
        },
      },
    },
    stayed: {
      id: 'checkout.stayed',
      tags: ['orderConfirmed'],
      description:
        "'Order Confirmed!' and the order number stay with no timer; 'Back to Shop' leads to the landing page.",
      on: {
        'shop.return': { target: 'redirect', description: "The shopper follows 'Back to Shop'." },
      },
    },
    redirect: {
      id: 'checkout.redirect',
      tags: ['orderConfirmed'],
      description: 'Back to the landing page.',
      type: 'final',
      entry: 'navigateHome',
    },
  },
});

/** A running checkout actor. */
export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;
/** A checkout snapshot. */
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The order's money figures in cents, derived from line items and shipping method (spec §9). */
export const selectOrderTotals = (snapshot: CheckoutSnapshot): OrderTotals =>
  orderTotals(snapshot.context.lineItems, snapshot.context.shippingMethodId);
/** The validated line items. */
export const selectLineItems = (snapshot: CheckoutSnapshot): LineItem[] => snapshot.context.lineItems;
/** The selected shipping method id. */
export const selectShippingMethodId = (snapshot: CheckoutSnapshot): ShippingMethodId =>
  snapshot.context.shippingMethodId;
/** One form field's current value. */
export const selectFieldValue =
  (name: CheckoutFieldName) =>
  (snapshot: CheckoutSnapshot): string =>
    snapshot.context.form[name];
/** True while the simulated payment is processing. */
export const selectIsProcessing = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('processing');
/** True once the order is confirmed (also while redirecting). */
export const selectIsConfirmed = (snapshot: CheckoutSnapshot): boolean => snapshot.hasTag('orderConfirmed');
/** True once the shopper stopped the redirect: the confirmation stays until 'Back to Shop'. */
export const selectHasStayed = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('stayed');
/** The order number once confirmed, else null. */
export const selectOrderNumber = (snapshot: CheckoutSnapshot): string | null => snapshot.context.orderNumber;
