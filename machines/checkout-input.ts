/**
 * The checkout input: the cart carried from the landing page to /checkout as navigation state
 * (spec §3 'Checkout input'). Navigation state is untrusted (any script or stale history entry can set
 * it), so it is validated with a schema and only the product id, colour and quantity are taken from it;
 * name, image and price always come from the catalog and the total is always derived, never trusted.
 */
import * as v from 'valibot';
import {
  COLOURS,
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

const ItemSchema = v.object({
  id: v.literal(PRODUCT_ID),
  color: v.string(),
  quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY)),
});

const InputSchema = v.object({ items: v.array(v.unknown()) });

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

function colourIdFromName(color: string): ColourId | undefined {
  return COLOURS.find((colour) => colour.name === color || colour.id === color)?.id;
}

/**
 * Parses untrusted navigation state into line items, one per colour (repeated colours are merged).
 * Items with another product id, an unknown colour or a quantity that is not a safe integer in
 * 1…{@link MAX_LINE_QUANTITY} are dropped; when nothing valid is left, the spec's default is returned.
 * Never throws; the result is never empty.
 */
export function lineItemsFromCheckoutInput(state: unknown): LineItem[] {
  const input = v.safeParse(InputSchema, state);
  if (!input.success) return defaultLineItems();

  const quantities = new Map<ColourId, number>();
  for (const raw of input.output.items) {
    const item = v.safeParse(ItemSchema, raw);
    if (!item.success) continue;
    const colourId = colourIdFromName(item.output.color);
    if (!colourId) continue;
    const merged = (quantities.get(colourId) ?? 0) + item.output.quantity;
    quantities.set(colourId, Math.min(merged, MAX_LINE_QUANTITY));
  }
  if (quantities.size === 0) return defaultLineItems();
  return COLOURS.filter((colour) => quantities.has(colour.id)).map((colour) =>
    lineItemFor(colour.id, quantities.get(colour.id)!),
  );
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
