/**
 * Order pricing: subtotal, shipping, tax and total (spec §9). Pure functions over integer US cents;
 * nothing here formats money (formatting happens only at the UI edge).
 */
import type { ColourId } from './catalog';

/** Identifier of a shipping method (spec §3, §9). */
export type ShippingMethodId = 'standard' | 'express' | 'overnight';

/** A shipping method's price (spec §9). Its name, delivery time and description are UI texts. */
export interface ShippingMethod {
  readonly id: ShippingMethodId;
  /** Price in cents before the free-shipping waiver. */
  readonly priceCents: number;
}

/** The shipping methods in display order (spec §9: standard $0, express $9.99, overnight $19.99). */
export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  { id: 'standard', priceCents: 0 },
  { id: 'express', priceCents: 999 },
  { id: 'overnight', priceCents: 1999 },
];

/** The shipping method selected when checkout opens (spec §3). */
export const DEFAULT_SHIPPING_METHOD_ID: ShippingMethodId = 'standard';

/** Subtotal in cents from which shipping is free for every method: $35.00 (spec §9). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 3500;

/** Sales tax rate in whole percent of the subtotal (spec §9). */
export const TAX_RATE_PERCENT = 8;

/** One line of an order: a colour of the product at a quantity (spec §3 'items'). */
export interface LineItem {
  readonly productId: string;
  readonly name: string;
  readonly colourId: ColourId;
  /** Positive safe integer. */
  readonly quantity: number;
  /** Unit price in cents (non-negative integer). */
  readonly unitPriceCents: number;
  /** Site-root image path. */
  readonly image: string;
}

/** The money figures of an order, all in integer cents. */
export interface OrderTotals {
  readonly subtotalCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly totalCents: number;
}

/** True when `value` is one of the three shipping method ids. */
export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return SHIPPING_METHODS.some((method) => method.id === value);
}

/** Price in cents of a line item: unit price × quantity. */
export function lineTotalCents(item: Pick<LineItem, 'quantity' | 'unitPriceCents'>): number {
  return item.unitPriceCents * item.quantity;
}

/** Subtotal in cents: Σ unit price × quantity over the line items (spec §9). */
export function subtotalCents(items: readonly LineItem[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

/**
 * Shipping in cents for a subtotal and method: 0 for every method when the subtotal is at least
 * $35.00, otherwise the method's price (spec §9).
 */
export function shippingCents(subtotal: number, methodId: ShippingMethodId): number {
  if (subtotal >= FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return SHIPPING_METHODS.find((method) => method.id === methodId)?.priceCents ?? 0;
}

/**
 * Tax in cents: 8% of the subtotal, rounded half up to the cent, in integer arithmetic so no binary
 * fraction ever creeps in (spec §9). Expects a non-negative integer subtotal.
 */
export function taxCents(subtotal: number): number {
  return Math.floor((subtotal * TAX_RATE_PERCENT + 50) / 100);
}

/** All money figures of an order in cents; total = subtotal + shipping + tax (spec §9). */
export function orderTotals(items: readonly LineItem[], methodId: ShippingMethodId): OrderTotals {
  const subtotal = subtotalCents(items);
  const shipping = shippingCents(subtotal, methodId);
  const tax = taxCents(subtotal);
  return {
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: subtotal + shipping + tax,
  };
}
