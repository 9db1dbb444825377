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
  /**
   * Site-root path of the product image for this colour: its {@link PRODUCT_IMAGE_DEFAULT_WIDTH} px
   * WebP, a local file, never an external host; {@link productImageUrl} gives every width.
   */
  readonly image: string;
}

/**
 * The widths, in px, each colour's product image is drawn at (scripts/assets/make-product-images.ts writes
 * `public/images/pet-ball-<colour>-<width>.webp` from the artwork in `artwork/`): the page offers
 * them all (`srcset`) and the browser picks by the image's CSS size and the screen's pixel density.
 */
export const PRODUCT_IMAGE_WIDTHS = [240, 480, 720, 960] as const;

/** The width of the image a colour option names as its `image` (spec §3), in px. */
export const PRODUCT_IMAGE_DEFAULT_WIDTH = 480;

/** Site-root path of the product image for `colourId` at `width` px (one of {@link PRODUCT_IMAGE_WIDTHS}). */
export function productImageUrl(colourId: ColourId, width: (typeof PRODUCT_IMAGE_WIDTHS)[number]): string {
  return `/images/pet-ball-${colourId}-${width}.webp`;
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
export const COLOURS: readonly ColourOption[] = (
  [
    { id: 'hot-pink', name: 'Hot Pink', swatch: '#ec4899' },
    { id: 'sunset-orange', name: 'Sunset Orange', swatch: '#f97316' },
    { id: 'ocean-blue', name: 'Ocean Blue', swatch: '#0ea5e9' },
  ] as const
).map((colour) => ({ ...colour, image: productImageUrl(colour.id, PRODUCT_IMAGE_DEFAULT_WIDTH) }));

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
