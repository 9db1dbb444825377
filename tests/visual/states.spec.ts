/**
 * Visual baselines: each picture of the state gallery (./state-gallery.ts, docs/states.md) taken again
 * in Chromium at 375 × 812 and 1280 × 800 and compared with the committed one in docs/states/ by
 * Playwright's `toHaveScreenshot` (the `states` project of playwright.config.ts). A picture that
 * differs beyond anti-aliasing fails its test, named by state and viewport, and leaves
 * `<name>-expected.png`, `-actual.png` and `-diff.png` in test-results/artifacts/. Text checks cannot
 * see a ring drawn in the wrong colour or a price laid over a button; this can.
 * `npm run test:visual` runs it alone (also against `BASE_URL`, where the fault layer presents the
 * deployment's next release to the paths that deploy one); `npm run docs:states -- --update` accepts
 * a change.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Engine } from '@support/browsers/driver';
import { playwrightEnginePage } from '@support/browsers/engines/chromium';
import { modelPages } from '@support/model/model-drivers';
import { showPicture } from '@support/visual/show-state';
import { GALLERY_VIEWPORTS, pictureFile } from '@support/visual/gallery-names';
import { galleryPlan } from '@support/visual/state-gallery';

const gallery = galleryPlan();

/**
 * How far a picture may differ and still match: a pixel counts as changed past Playwright's default
 * colour distance (0.2 of YIQ), and up to 0.01% of the pixels (30 at 375 × 812, 102 at 1280 × 800) may
 * change, room for a glyph's anti-aliasing, not for a ring, a border or a moved line of text.
 */
const COMPARISON = { threshold: 0.2, maxDiffPixelRatio: 0.0001 } as const;

for (const viewport of GALLERY_VIEWPORTS)
  for (const picture of gallery.pictures) {
    const shows = gallery.states.filter((state) => state.picture === picture).map((state) => state.id);
    test(`${picture.machine} ${picture.owner} at ${viewport.name} (shows ${shows.join(', ')})`, async ({
      browser,
    }) => {
      let playwrightPage: Page | undefined;
      const engine: Engine = {
        name: 'chromium',
        version: `chromium/${browser.version()}`,
        newPage: async () => {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            hasTouch: viewport.hasTouch,
            reducedMotion: 'reduce',
          });
          playwrightPage = await context.newPage();
          return playwrightEnginePage(playwrightPage);
        },
        close: async () => undefined,
      };
      const pages = modelPages(engine, `states-${viewport.name}-${test.info().parallelIndex}`);
      try {
        const page = await showPicture(pages, picture);
        try {
          // No hover left on the last control pressed.
          await playwrightPage!.mouse.move(0, 0);
          await expect(
            playwrightPage!,
            `${picture.machine} ${picture.owner} at ${viewport.name}`,
          ).toHaveScreenshot(pictureFile(picture, viewport), {
            ...COMPARISON,
            animations: 'disabled',
            caret: 'hide',
            scale: 'css',
          });
        } finally {
          // Also after a failed comparison: the page's own server (a path with the worker has one).
          await page.close();
        }
      } finally {
        await pages.stop();
      }
    });
  }
