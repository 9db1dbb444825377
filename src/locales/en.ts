import enCheckout from './en-checkout';
import enShop from './en-shop';

/**
 * The English resource: every visible text of the shop (spec §1, §2). Bundled, never fetched, in two
 * parts: ./en-shop.ts, which every page loads, and ./en-checkout.ts (`checkout.*`), which loads with the
 * checkout page's code. To add a language, add files of the same shape and register them in
 * src/i18n/i18n.ts and src/i18n/checkout-texts.ts. Interpolated money values (`{{price}}`) are
 * formatted before interpolation.
 */
const en = { ...enShop, checkout: enCheckout } as const;

/** Shape of a language resource: the same keys as English. */
export type Resource = typeof en;

export default en;
