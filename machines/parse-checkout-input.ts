/**
 * Reads the checkout input back from navigation state (spec §3 'Checkout input'). Navigation state is
 * untrusted (any script or stale history entry can set it), so it is validated with a valibot schema and
 * only the product id, colour and quantity are taken from it; name, image and price always come from
 * the catalog and the total is always derived, never trusted. Only the checkout route loads this module.
 */
import * as v from 'valibot';
import { COLOURS, PRODUCT_ID, type ColourId } from './catalog';
import { MAX_LINE_QUANTITY, defaultLineItems, lineItemFor } from './checkout-input';
import type { LineItem } from './pricing';

const ItemSchema = v.object({
  id: v.literal(PRODUCT_ID),
  color: v.string(),
  quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY)),
});

const InputSchema = v.object({ items: v.array(v.unknown()) });

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
