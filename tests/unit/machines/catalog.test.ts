import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_WIDTHS, productImageUrl } from '@machines/catalog';

describe('productImageUrl', () => {
  it('names the local WebP file of a colour at each width the page offers', () => {
    expect(PRODUCT_IMAGE_WIDTHS.map((width) => productImageUrl('ocean-blue', width))).toEqual([
      '/images/pet-ball-ocean-blue-240.webp',
      '/images/pet-ball-ocean-blue-480.webp',
      '/images/pet-ball-ocean-blue-720.webp',
      '/images/pet-ball-ocean-blue-960.webp',
    ]);
  });
});
