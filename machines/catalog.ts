/**
 * The shop's one product and its three colour options (spec §3, §9).
 * Money is in integer US cents throughout this module.
 */

/** Identifier of a colour option (spec §3). */
export type ColourId = 'hot-pink' | 'sunset-orange' | 'ocean-blue';

/** A colour the ball is sold in (spec §3: id, name, swatch colour, image). */
export interface ColourOption {
  readonly id: ColourId;
  /** English display name, also carried in the checkout input's `color` field. */
  readonly name: string;
  /** CSS colour of the swatch, `#rrggbb`. */
  readonly swatch: string;
  /** Site-root path of the product image for this colour (a local SVG, never an external host). */
  readonly image: string;
}

/** Product id carried in the checkout input's line items (spec §3). */
export const PRODUCT_ID = 'pet-ball-pro';

/** English product name, carried in the checkout input's line items. */
export const PRODUCT_NAME = 'Pet Ball Pro';

/** Unit price in cents: $21.98 (spec §9). */
export const UNIT_PRICE_CENTS = 2198;

/** List (crossed-out) price in cents: $39.99 (spec §9). */
export const LIST_PRICE_CENTS = 3999;

/** Discount shown on the landing page, in whole percent (spec §2: '45% OFF'). */
export const DISCOUNT_PERCENT = 45;

/** The three colour options in display order (spec §3). */
export const COLOURS: readonly ColourOption[] = [
  { id: 'hot-pink', name: 'Hot Pink', swatch: '#ec4899', image: '/images/pet-ball-hot-pink.svg' },
  {
    id: 'sunset-orange',
    name: 'Sunset Orange',
    swatch: '#f97316',
    image: '/images/pet-ball-sunset-orange.svg',
  },
  { id: 'ocean-blue', name: 'Ocean Blue', swatch: '#0ea5e9', image: '/images/pet-ball-ocean-blue.svg' },
];

/** The colour selected when the landing page opens (spec §4). */
export const DEFAULT_COLOUR_ID: ColourId = 'hot-pink';

/** True when `value` is one of the three colour ids. */
export function isColourId(value: unknown): value is ColourId {
  return COLOURS.some((colour) => colour.id === value);
}

/**
 * The colour option for an id.
 * @throws never: every `ColourId` is in `COLOURS` (checked by the type), so the lookup cannot miss.
 */
export function colourById(id: ColourId): ColourOption {
  return COLOURS.find((colour) => colour.id === id) ?? COLOURS[0]!;
}
