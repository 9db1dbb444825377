/**
 * The checkout's model suite (its bounds and paths) and what a shopper sees in each snapshot, for the
 * three-engine paths (tests/model/model-paths.node-test.ts) and the docs/test-paths.md catalogue alike.
 */
import { checkoutInputFor } from '@machines/checkout-input';
import { CHECKOUT_FIELD_NAMES, type CheckoutFieldName } from '@machines/checkout-form';
import {
  checkoutMachine,
  selectIsProcessing,
  selectOrderTotals,
  type CheckoutEvent,
  type CheckoutMachineInput,
  type CheckoutSnapshot,
} from '@machines/checkout-machine';
import { DEFAULT_SHIPPING_METHOD_ID, SHIPPING_METHODS, type ShippingMethodId } from '@machines/pricing';
import { formatCents } from '@/lib/format-money';
import en from '@/locales/en';
import type { DelayEvent, InvokeEvent } from '@support/model/derive-test-model';
import { modelSuite } from '@support/model/model-suite';
import { fillText } from '@support/shop-texts';

/** The machine's events, its delay events, and `form.fill`: typing every field once (spec §3). */
export type CheckoutModelEvent = CheckoutEvent | DelayEvent | InvokeEvent | { type: 'form.fill' };

/** The cart the model's checkout opens with: one Ocean Blue ball ($21.98, so shipping is charged). */
export const CHECKOUT_MODEL_INPUT: CheckoutMachineInput = {
  checkoutInput: checkoutInputFor('ocean-blue', 1),
};

/** What the shopper types into each field (spec §3; no format checks apply, spec §5). */
export const FORM_VALUES: Readonly<Record<CheckoutFieldName, string>> = {
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Rivera',
  address: '1 Main St',
  apartment: 'Apt 2',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  phone: '555 0100',
  cardNumber: '4242424242424242',
  expiryDate: '12/30',
  cvv: '123',
  nameOnCard: 'Sam Rivera',
};

/** Each field's visible label (spec §2 'Checkout page'), in the page's order. */
export const FIELD_LABELS = Object.fromEntries(
  Object.entries({ ...en.checkout.contact, ...en.checkout.shippingAddress, ...en.checkout.payment }).filter(
    ([name]) => name in FORM_VALUES,
  ),
) as Readonly<Record<CheckoutFieldName, string>>;

/** The `form.fill` scenario as a shopper types it: each field's label and value, in the page's order. */
export const FORM_FILL = Object.entries(FIELD_LABELS).map(
  ([name, label]) => [label, FORM_VALUES[name as CheckoutFieldName]] as const,
);

/** The country is shown as text, without an input (spec §3); and a shipping method that does not exist. */
export const UNEDITABLE_FIELD = 'country' as CheckoutFieldName;
export const UNKNOWN_SHIPPING_METHOD = 'pickup' as ShippingMethodId;

/**
 * The sample events of a snapshot, the model's bounds: every other shipping method; the whole form
 * filled once; submit once it is filled (before, the browser's `required` checks stop it, spec §5);
 * time passing. Events a guard refuses (an unknown method, the country) are tried once, at the start.
 */
export function checkoutEvents(snapshot: CheckoutSnapshot): CheckoutModelEvent[] {
  const { shippingMethodId, form } = snapshot.context;
  const filled = CHECKOUT_FIELD_NAMES.every((name) => form[name] === FORM_VALUES[name]);
  const opening = !filled && shippingMethodId === DEFAULT_SHIPPING_METHOD_ID;
  return [
    ...SHIPPING_METHODS.filter((method) => method.id !== shippingMethodId).map(
      (method) => ({ type: 'shippingMethod.select', shippingMethodId: method.id }) as const,
    ),
    ...(opening
      ? ([
          { type: 'shippingMethod.select', shippingMethodId: UNKNOWN_SHIPPING_METHOD },
          { type: 'field.change', name: UNEDITABLE_FIELD, value: 'Canada' },
        ] as const)
      : []),
    filled ? { type: 'order.submit' } : { type: 'form.fill' },
    { type: 'delay.processingDelay' },
    { type: 'delay.redirectDelay' },
    { type: 'redirect.cancel' },
    { type: 'shop.return' },
  ];
}

/**
 * The checkout suite. Its orders number themselves from the clock, so snapshots leave the number out.
 * Simple paths: one shipping method picked (or the default kept), before or after the form is filled,
 * then the order: every such journey to the redirect. Every guard outcome is reachable.
 */
export const checkout = modelSuite(checkoutMachine, {
  input: CHECKOUT_MODEL_INPUT,
  events: checkoutEvents,
  simpleEvents: (snapshot) =>
    checkoutEvents(snapshot).filter((event) =>
      event.type === 'shippingMethod.select'
        ? snapshot.context.shippingMethodId === DEFAULT_SHIPPING_METHOD_ID &&
          event.shippingMethodId !== UNKNOWN_SHIPPING_METHOD
        : event.type !== 'field.change',
    ),
  scenarios: {
    'form.fill': () =>
      CHECKOUT_FIELD_NAMES.map((name) => ({ type: 'field.change', name, value: FORM_VALUES[name] }) as const),
  },
  serializeSnapshot: ({ value, context }) =>
    JSON.stringify({ value, context: { ...context, orderNumber: context.orderNumber !== null } }),
});

/**
 * What a shopper sees of the checkout in a snapshot (spec §2 'Checkout page', §4, §9): the checked
 * shipping method, the summary rows by accessible name ('Subtotal $21.98'), the submit button
 * ('Complete Order - $33.73', or 'Processing...' while processing) and each field; or the confirmation
 * heading with its control, 'Stay on this page' while the redirect is pending, 'Back to Shop' once the
 * shopper stayed (WCAG 2.2.1); or the shop's home page.
 */
export function checkoutView(snapshot: CheckoutSnapshot) {
  if (snapshot.matches('redirect')) return { page: 'home' } as const;
  if (snapshot.hasTag('orderConfirmed'))
    return {
      page: 'confirmed',
      heading: en.checkout.confirmed.title,
      control: snapshot.matches('stayed')
        ? ({ role: 'link', name: en.checkout.backToShop } as const)
        : ({ role: 'button', name: en.checkout.confirmed.stay } as const),
    } as const;
  const totals = selectOrderTotals(snapshot);
  const summary = en.checkout.summary;
  const processing = selectIsProcessing(snapshot);
  return {
    page: 'checkout' as const,
    shippingMethod: en.checkout.shippingMethod.methods[snapshot.context.shippingMethodId].name,
    totals: [
      `${summary.subtotal} ${formatCents(totals.subtotalCents)}`,
      `${summary.shipping} ${totals.shippingCents === 0 ? summary.free : formatCents(totals.shippingCents)}`,
      `${summary.tax} ${formatCents(totals.taxCents)}`,
      `${summary.total} ${formatCents(totals.totalCents)}`,
    ],
    submit: processing
      ? en.checkout.processing
      : fillText(en.checkout.submit, { price: formatCents(totals.totalCents) }),
    processing,
    fields: CHECKOUT_FIELD_NAMES.map((name) => ({
      label: FIELD_LABELS[name],
      value: snapshot.context.form[name],
    })),
  };
}
