/**
 * The state gallery's names, apart from its plan (./state-gallery.ts, which runs the model's traversal
 * on import): its folder and page, its viewports, each picture's file and each state's anchor, so
 * that scripts/docs/generate-statecharts.ts can link to the gallery without planning it.
 */
import type { GalleryPicture } from '@support/visual/state-gallery';

/** Where the pictures live, from the repository root, and the page that lists them. */
export const GALLERY_DIR = 'docs/states';
export const GALLERY_DOC = 'docs/states.md';

/** The gallery's viewports, in CSS px: the e2e suite's phone (a touch screen) and laptop. */
export const GALLERY_VIEWPORTS = [
  { name: '375x812', width: 375, height: 812, hasTouch: true },
  { name: '1280x800', width: 1280, height: 800, hasTouch: false },
] as const;
export type GalleryViewport = (typeof GALLERY_VIEWPORTS)[number];

/** A state's id without its machine's (`checkout.confirmed` → `confirmed`; `cart.open` stays). */
const ownId = (machine: string, id: string) =>
  id.startsWith(`${machine}.`) ? id.slice(machine.length + 1) : id;

/**
 * A picture's file name in one viewport, as Playwright's `toHaveScreenshot` keeps it (letters, digits
 * and dashes): `storefront-cart-open-openingCheckout-375x812.png`, `checkout-confirmed-1280x800.png`.
 */
export function pictureFile(
  { machine, owner }: Pick<GalleryPicture, 'machine' | 'owner'>,
  viewport: GalleryViewport,
): string {
  return `${machine}-${ownId(machine, owner).replaceAll('.', '-')}-${viewport.name}.png`;
}

/** The anchor of a state's entry in docs/states.md: `storefront-cart-open-openingcheckout`. */
export function stateAnchor(machine: string, id: string): string {
  return `${machine}-${ownId(machine, id).replaceAll('.', '-')}`.toLowerCase();
}
