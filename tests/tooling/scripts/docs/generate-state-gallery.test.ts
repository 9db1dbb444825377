/**
 * docs/states.md and docs/states/ are generated (`npm run docs:states`): this fails when the page is
 * stale (a machine, its descriptions or the model changed), when a picture it shows is missing or not
 * of its viewport's size, when a picture no state shows is left behind, or when the gallery outgrows
 * 6 MB; and checks the plan: a shortest path to every state of both machines, ending in that state.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkout } from '@support/model/checkout-model';
import { storefront } from '@support/model/storefront-model';
import { GALLERY_DIR, GALLERY_DOC, GALLERY_VIEWPORTS, pictureFile } from '@support/visual/gallery-names';
import { galleryPlan } from '@support/visual/state-gallery';
import { renderStatesDoc } from '../../../../scripts/docs/generate-state-gallery';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1'), `${path} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the state gallery', () => {
  it('docs/states.md is what `npm run docs:states` writes', async () => {
    expect(readFileSync(GALLERY_DOC, 'utf8'), 'docs/states.md is stale: run `npm run docs:states`').toBe(
      await renderStatesDoc(),
    );
  });

  it('lists every state of both machines with a shortest path that ends in it', () => {
    const { states } = galleryPlan();
    const expected = [storefront, checkout].flatMap((suite) =>
      suite.anatomy.states.filter((state) => state.parentId !== null).map((state) => state.id),
    );
    expect(states.map((state) => state.id)).toEqual(expected);
    for (const state of states) {
      expect(
        state.path.state._nodes.map((node) => node.id),
        state.id,
      ).toContain(state.id);
      // No picture is taken after a longer path than its own state's.
      expect(state.picture.path.steps.length).toBeLessThanOrEqual(state.path.steps.length);
    }
    expect(states.find((state) => state.id === 'toast.visible')?.pathName).toBe('cart.add');
    expect(states.find((state) => state.id === 'release.waiting.held')?.picture.owner).toBe('order.underway');
  });

  it('has each picture in each viewport, and nothing else, within 6 MB', () => {
    const { pictures } = galleryPlan();
    const expected = pictures.flatMap((picture) =>
      GALLERY_VIEWPORTS.map((viewport) => ({ file: pictureFile(picture, viewport), viewport })),
    );
    const files = readdirSync(GALLERY_DIR).filter((name) => name.endsWith('.png'));
    expect(files.toSorted()).toEqual(expected.map(({ file }) => file).toSorted());
    for (const { file, viewport } of expected)
      expect(pngSize(join(GALLERY_DIR, file)), file).toEqual({
        width: viewport.width,
        height: viewport.height,
      });
    const bytes = files.reduce((sum, file) => sum + statSync(join(GALLERY_DIR, file)).size, 0);
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
  });
});
