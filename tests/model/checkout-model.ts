/**
 * The checkout machine's test model: derived from the real machine, with the sample events
 * that bound it, the paths generated from it, and what a shopper should see in each snapshot. Shared
 * by the jsdom suite and the Chromium suite, so both run the same paths against the same expectations.
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
import { createCoverageRecorder, type CoverageExclusions } from './coverage';
import { createDerivedTestModel, type DelayEvent, type InvokeEvent } from './derive-test-model';
import { generatePaths } from './generate-paths';
import { fillText } from '../shop-texts';

/** The scenario event that types every form field once (spec §3), as a shopper fills the form. */
export interface FillFormEvent {
  type: 'form.fill';
}

/** Events of the checkout test model: the machine's, its delay events and the form-filling scenario. */
export type CheckoutModelEvent = CheckoutEvent | DelayEvent | InvokeEvent | FillFormEvent;

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

/** Each field's visible label (spec §2 'Checkout page'). */
export const FIELD_LABELS: Readonly<Record<CheckoutFieldName, string>> = {
  email: en.checkout.contact.email,
  phone: en.checkout.contact.phone,
  firstName: en.checkout.shippingAddress.firstName,
  lastName: en.checkout.shippingAddress.lastName,
  address: en.checkout.shippingAddress.address,
  apartment: en.checkout.shippingAddress.apartment,
  city: en.checkout.shippingAddress.city,
  state: en.checkout.shippingAddress.state,
  zipCode: en.checkout.shippingAddress.zipCode,
  cardNumber: en.checkout.payment.cardNumber,
  expiryDate: en.checkout.payment.expiryDate,
  cvv: en.checkout.payment.cvv,
  nameOnCard: en.checkout.payment.nameOnCard,
};

/** A field the shopper cannot edit: the country is shown as text, without an input (spec §3). */
export const UNEDITABLE_FIELD = 'country' as CheckoutFieldName;
/** A shipping method that does not exist: the shopper looks for it among the choices. */
export const UNKNOWN_SHIPPING_METHOD = 'pickup' as ShippingMethodId;

const isFormFilled = ({ context }: CheckoutSnapshot) =>
  CHECKOUT_FIELD_NAMES.every((name) => context.form[name] === FORM_VALUES[name]);

/**
 * The sample events of a snapshot (the model's bounds): every other shipping method; the whole form
 * filled once (`form.fill`); submit once it is filled (before, the browser's `required` checks stop the
 * submission, spec §5); time passing. Events a guard rejects (an unknown method, the country field)
 * are tried once, from the opening snapshot.
 */
export function checkoutEvents(snapshot: CheckoutSnapshot): CheckoutModelEvent[] {
  const { shippingMethodId } = snapshot.context;
  const filled = isFormFilled(snapshot);
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
  ];
}

/**
 * The simple-path sub-model: one shipping method picked (or the default kept), before or after the
 * form is filled, then the order: every such journey from the opening snapshot to the redirect.
 */
export function orderEvents(snapshot: CheckoutSnapshot): CheckoutModelEvent[] {
  const { shippingMethodId } = snapshot.context;
  return checkoutEvents(snapshot).filter((event) =>
    event.type === 'shippingMethod.select'
      ? shippingMethodId === DEFAULT_SHIPPING_METHOD_ID && event.shippingMethodId !== UNKNOWN_SHIPPING_METHOD
      : event.type !== 'field.change',
  );
}

/** The checkout's derived test model; its orders number themselves from the clock, so that is left out. */
export const checkoutModel = createDerivedTestModel(checkoutMachine, {
  input: CHECKOUT_MODEL_INPUT,
  events: checkoutEvents,
  scenarios: {
    'form.fill': () =>
      CHECKOUT_FIELD_NAMES.map((name) => ({ type: 'field.change', name, value: FORM_VALUES[name] }) as const),
  },
  serializeSnapshot: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      context: { ...snapshot.context, orderNumber: snapshot.context.orderNumber !== null },
    }),
});

/** Replays checkout paths for coverage. */
export const checkoutCoverage = createCoverageRecorder(checkoutModel);

/** The generated checkout paths. */
export const checkoutPaths = generatePaths(checkoutModel, checkoutCoverage, { simpleEvents: orderEvents });

/** Every guard outcome of the checkout is reachable: nothing is excluded. */
export const checkoutExclusions: CoverageExclusions = {};

/** What a shopper sees of the checkout in a snapshot (spec §2 'Checkout page', §4, §9). */
export type CheckoutView =
  | {
      page: 'checkout';
      /** The checked shipping method's name ('Express Shipping'). */
      shippingMethod: string;
      /** Order summary rows by their accessible names: 'Subtotal $21.98', 'Shipping $9.99', … */
      totals: string[];
      /** The submit button: 'Complete Order - $33.73', or 'Processing...' (disabled) while processing. */
      submit: string;
      processing: boolean;
      /** Each field's label and value. */
      fields: { label: string; value: string }[];
    }
  | { page: 'confirmed'; heading: string }
  | { page: 'home' };

/** Derives what a shopper sees from a checkout snapshot, with the app's English texts. */
export function checkoutView(snapshot: CheckoutSnapshot): CheckoutView {
  if (snapshot.matches('redirect')) return { page: 'home' };
  if (snapshot.matches('confirmed')) return { page: 'confirmed', heading: en.checkout.confirmed.title };
  const totals = selectOrderTotals(snapshot);
  const summary = en.checkout.summary;
  const processing = selectIsProcessing(snapshot);
  return {
    page: 'checkout',
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
