/**
 * The shop's English texts as a shopper reads them, from src/locales/en.ts with the `{{name}}`
 * placeholders filled in (i18next interpolation without escaping, as the app configures it). The page
 * object (tests/support/shop-page.ts) and the model views take their texts from here, so a changed
 * text is one edit.
 */
import type { ColourId } from '@machines/catalog';
import { formatCents } from '@/lib/format-money';
import en from '@/locales/en';

/** Fills `{{name}}` placeholders: `fillText('Qty: {{count}}', { count: 2 })` → `'Qty: 2'`. */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** The cart every fault test fills, in every browser suite: 2 Ocean Blue balls. */
export const FAULT_CART = { colourId: 'ocean-blue', quantity: 2 } as const satisfies {
  colourId: ColourId;
  quantity: number;
};

/** A template's text before its first placeholder: 'Complete Order - {{price}}' → 'Complete Order - '. */
const prefixOf = (template: string) => template.replace(/\{\{.*$/s, '');

/** A RegExp matching names that start with `text` (taken literally). */
export const startsWith = (text: string): RegExp =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The texts the shop shows, by what they are; amounts are in cents. */
export const shopText = {
  colour: (colourId: ColourId) => en.colour[colourId],
  /** The swatches' legend: 'Colour: Ocean Blue'. */
  colourLegend: (colourId: ColourId) => fillText(en.product.colourLegend, { colour: en.colour[colourId] }),
  /** 'Colour: Ocean Blue', in the cart line and the Order Summary. */
  colourLine: (colourId: ColourId) => fillText(en.lineItem.colour, { colour: en.colour[colourId] }),
  /** 'Qty: 2', in the cart line and the Order Summary. */
  quantityLine: (count: number) => fillText(en.lineItem.quantity, { count }),
  /** The cart button's accessible name: 'Open cart', 'Open cart, 1 item', 'Open cart, 2 items'. */
  cartButton: (count: number) =>
    count === 0
      ? en.cartButton.label
      : fillText(count === 1 ? en.cartButton.labelWithCount_one : en.cartButton.labelWithCount_other, {
          count,
        }),
  /** 'Add to Cart - $43.96'. */
  addToCart: (cents: number) => fillText(en.product.addToCart, { price: formatCents(cents) }),
  addToCartPrefix: prefixOf(en.product.addToCart),
  heroAlt: (colourId: ColourId) => fillText(en.hero.imageAlt, { colour: en.colour[colourId] }),
  /** 'Complete Order - $33.73'. */
  submit: (cents: number) => fillText(en.checkout.submit, { price: formatCents(cents) }),
  submitPrefix: prefixOf(en.checkout.submit),
  /** 'Order number: PB-123456'. */
  orderNumber: (orderNumber: string) => fillText(en.checkout.confirmed.orderNumber, { orderNumber }),
  orderNumberPrefix: prefixOf(en.checkout.confirmed.orderNumber),
} as const;

export { en };
