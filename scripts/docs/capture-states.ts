/**
 * Takes the state gallery's pictures (tests/support/visual/state-gallery.ts) in one engine at one viewport,
 * through the engine suite's own browser interface (tests/engines/: Firefox over WebDriver BiDi,
 * WebKit's MiniBrowser over WebDriver, Chromium through Playwright), against the build in `DIST_DIR`.
 * Each picture's path runs as in the gallery, then the viewport is saved as `<out>/<picture file>`;
 * a path that fails in this engine is written to `<out>/failures.json` with its error, and the others
 * go on. Run by `npm run docs:states -- --engines` (scripts/docs/generate-state-gallery.ts), WebKit under
 * `xvfb-run` on a screen of the viewport's size.
 *
 * Usage: tsx scripts/docs/capture-states.ts --engine firefox|webkit|chromium --viewport 375x812 --out <dir>
 * Exit code: 0 when every picture was taken, 1 otherwise.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchEngine } from '@support/browsers/engines/launch';
import { modelPages } from '@support/model/model-drivers';
import { showPicture } from '@support/visual/show-state';
import { GALLERY_VIEWPORTS, pictureFile } from '@support/visual/gallery-names';
import { galleryPlan } from '@support/visual/state-gallery';

const { values } = parseArgs({
  options: { engine: { type: 'string' }, viewport: { type: 'string' }, out: { type: 'string' } },
});
const viewport = GALLERY_VIEWPORTS.find((candidate) => candidate.name === values.viewport);
if (!viewport || !values.out)
  throw new Error(
    `Usage: capture-states.ts --engine <name> --viewport ${GALLERY_VIEWPORTS.map((v) => v.name).join('|')} --out <dir>`,
  );
mkdirSync(values.out, { recursive: true });

const engine = await launchEngine(values.engine, viewport);
const pages = modelPages(engine, `gallery-${engine.name}-${viewport.name}`);
const failures: Record<string, string> = {};
try {
  for (const picture of galleryPlan().pictures) {
    const file = pictureFile(picture, viewport);
    try {
      const page = await showPicture(pages, picture);
      try {
        writeFileSync(join(values.out, file), await page.browser.screenshot());
      } finally {
        await page.close();
      }
      console.log(`  ${engine.name} ${file}`);
    } catch (error) {
      failures[file] = String(error instanceof Error ? error.message : error);
      console.log(`  ${engine.name} ${file}: FAILED ${failures[file].split('\n')[0]}`);
    }
  }
} finally {
  await engine.close();
  await pages.stop();
}
writeFileSync(join(values.out, 'failures.json'), `${JSON.stringify(failures, null, 2)}\n`);
if (Object.keys(failures).length > 0) process.exitCode = 1;
