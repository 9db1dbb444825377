/**
 * The checkout input: the cart carried from the landing page to /checkout as navigation state
 * (spec §3 'Checkout input'), and the line items built from the catalog. Reading untrusted navigation
 * state back is `parse-checkout-input.ts` (kept apart so the landing page never loads the schema library).
 */
import {
  DEFAULT_COLOUR_ID,
  PRODUCT_ID,
  PRODUCT_NAME,
  UNIT_PRICE_CENTS,
  colourById,
  type ColourId,
} from './catalog';
import { subtotalCents, type LineItem } from './pricing';

/** One entry of the checkout input's `items`, as the spec names its fields (money in dollars). */
export interface CheckoutInputItem {
  id: string;
  name: string;
  /** Colour display name, e.g. 'Hot Pink'. */
  color: string;
  quantity: number;
  /** Unit price in dollars, e.g. 21.98. */
  price: number;
  image: string;
}

/** The checkout input as carried in navigation state (spec §3); `total` is in dollars. */
export interface CheckoutInput {
  items: CheckoutInputItem[];
  total: number;
}

/**
 * Largest quantity accepted on one line: keeps every cents figure derived from it (× unit price × tax
 * percent) a safe integer.
 */
export const MAX_LINE_QUANTITY = Math.floor(Number.MAX_SAFE_INTEGER / (UNIT_PRICE_CENTS * 100));

/** Builds a line item for a colour and quantity from the catalog. */
export function lineItemFor(colourId: ColourId, quantity: number): LineItem {
  const colour = colourById(colourId);
  return {
    productId: PRODUCT_ID,
    name: PRODUCT_NAME,
    colourId: colour.id,
    quantity,
    unitPriceCents: UNIT_PRICE_CENTS,
    image: colour.image,
  };
}

/** The line items used when checkout opens without (valid) navigation state: one Hot Pink ball (spec §3). */
export function defaultLineItems(): LineItem[] {
  return [lineItemFor(DEFAULT_COLOUR_ID, 1)];
}

/** The checkout input for a cart of one colour at a quantity; prices and total in dollars (spec §3). */
export function checkoutInputFor(colourId: ColourId, quantity: number): CheckoutInput {
  const item = lineItemFor(colourId, quantity);
  const colour = colourById(colourId);
  return {
    items: [
      {
        id: item.productId,
        name: item.name,
        color: colour.name,
        quantity: item.quantity,
        price: item.unitPriceCents / 100,
        image: item.image,
      },
    ],
    total: subtotalCents([item]) / 100,
  };
}
