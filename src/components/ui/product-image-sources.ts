import { PRODUCT_IMAGE_WIDTHS, productImageUrl, type ColourId } from '@machines/catalog';

/**
 * The `src`, `srcSet` and `sizes` of a product image in `colourId` (spec §3 'Colour option' image):
 * every width the build has (scripts/assets/make-product-images.ts), so the browser downloads the smallest one
 * that is sharp at the image's CSS size (`sizes`, a CSS length or a media-condition list) on this
 * screen. Spread onto an `<img>`.
 */
export function productImageSources(colourId: ColourId, sizes: string) {
  return {
    src: productImageUrl(colourId, 480),
    srcSet: PRODUCT_IMAGE_WIDTHS.map((width) => `${productImageUrl(colourId, width)} ${width}w`).join(', '),
    sizes,
  };
}
