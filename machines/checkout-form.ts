/**
 * The checkout form's fields (spec §3 'Checkout form fields'): their names, which ones hold card data,
 * and the empty form a checkout starts with. Pure data, shared by the checkout machine and anything
 * that must know which fields are card data (e.g. the dev inspector's redaction).
 */

/** The checkout form fields of spec §3 (all strings as typed; no format checks, spec §5). */
export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  /** Fixed; no input is shown (spec §3). */
  country: 'United States';
  phone: string;
  /** Fixed; no input is shown (spec §3). */
  paymentMethod: 'card';
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  nameOnCard: string;
}

/** Names of the form fields the shopper types into. */
export type CheckoutFieldName = Exclude<keyof CheckoutForm, 'country' | 'paymentMethod'>;

/** The editable fields in form order. */
export const CHECKOUT_FIELD_NAMES: readonly CheckoutFieldName[] = [
  'email',
  'firstName',
  'lastName',
  'address',
  'apartment',
  'city',
  'state',
  'zipCode',
  'phone',
  'cardNumber',
  'expiryDate',
  'cvv',
  'nameOnCard',
];

/** Card fields: cleared from context as soon as the order is confirmed. */
export const CARD_FIELD_NAMES = [
  'cardNumber',
  'expiryDate',
  'cvv',
  'nameOnCard',
] as const satisfies readonly CheckoutFieldName[];

/** The empty form a checkout starts with (spec §3 defaults). */
export const EMPTY_CHECKOUT_FORM: Readonly<CheckoutForm> = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
  phone: '',
  paymentMethod: 'card',
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  nameOnCard: '',
};

/** True when `name` is a field the shopper can type into. */
export function isCheckoutFieldName(name: unknown): name is CheckoutFieldName {
  return CHECKOUT_FIELD_NAMES.includes(name as CheckoutFieldName);
}
