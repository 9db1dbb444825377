import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { COLOURS, type ColourId } from '@machines/catalog';
import { startServer } from '@support/servers/fault-server';
import { shopText } from '@support/shop-texts';
import { BrowserDriver } from '@support/browsers/driver';
import { launchFirefox } from '@support/browsers/engines/firefox';
import { ShopModel } from '@support/shop-page';

/**
 * The colour choice under forced colours (a contrast theme) in Firefox, against the production build
 * in `DIST_DIR` behind the engine suite's server (tests/support/servers/fault-server.ts): each swatch shows its own
 * product colour, the selected one alone carries a ring, and axe finds no violations. Firefox forces
 * colours when its 'Override the colours specified by the page' preference is 'Always'
 * (`browser.display.document_color_use` 2) and then paints with its own text and background colours:
 * each theme is a Firefox launched with those preferences.
 *
 * Run with the engine suite's shop suite in Firefox only (scripts/test/test-engines.ts); by hand:
 * `ENGINE=firefox DIST_DIR=dist node --import tsx --test tests/engines/forced-colors.node-test.ts`.
 * Chromium's forced colours are checked through its emulation in the Playwright spec
 * tests/playwright/forced-colors.spec.ts; WebKitGTK has no forced-colours mode (no setting or automation
 * command turns one on, and `(forced-colors: active)` never matches), so there is nothing to check.
 */

const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');

/**
 * The colours of a dark and a light contrast theme (text, background, links), those of Windows' Night
 * sky and Desert-like themes; Firefox then derives the page's colour scheme from the background.
 */
const THEMES = {
  dark: { foreground: '#ffffff', background: '#000000', link: '#ffff00' },
  light: { foreground: '#000000', background: '#ffffff', link: '#0000ee' },
} as const;

/** A pixel's red, green and blue, 0–255. */
type Rgb = readonly [number, number, number];

/** Euclidean distance of two pixels in RGB space: 0 the same, 441 black to white. */
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** `#rrggbb` as {@link Rgb}. */
const hexRgb = (hex: string): Rgb =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;

/** At most this far from a colour counts as that colour; at least {@link DIFFERENT} as unlike it. */
const SAME = 24;
const DIFFERENT = 100;

/** axe-core's source, evaluated in the page as it is (an expression sent by the engine is not held to the page's policy). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Where each swatch is in the viewport, CSS px: its box, the swatch being the element drawn after its radio. */
function swatchBoxes(browser: BrowserDriver) {
  return browser.read(
    (h, names) =>
      names.map((name) => {
        const radio = h.find({ role: 'radio', name: { exact: name } });
        const swatch = radio?.nextElementSibling;
        if (!swatch) return null;
        swatch.scrollIntoView({ block: 'center', behavior: 'instant' });
        const box = swatch.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height, viewport: innerWidth };
      }),
    COLOURS.map((colour) => shopText.colour(colour.id)),
  );
}

/**
 * What each swatch looks like on screen: its centre pixel, its ring (1 px inside its circle at
 * mid-height, in the border that carries the selected mark) and the page's background (just outside
 * its box's top left corner), from one screenshot of the viewport.
 */
async function swatchPixels(browser: BrowserDriver) {
  await swatchBoxes(browser);
  // Read again once scrolled: every swatch sits in the same row.
  const boxes = await swatchBoxes(browser);
  const png = await browser.screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return COLOURS.map((colour, index) => {
    const box = boxes[index];
    assert.ok(box, `the ${colour.id} swatch is on the page`);
    const scale = info.width / box.viewport;
    const at = (x: number, y: number): Rgb => {
      const offset = (Math.floor(y * scale) * info.width + Math.floor(x * scale)) * info.channels;
      return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
    };
    const middle = box.y + box.height / 2;
    return {
      colour,
      centre: at(box.x + box.width / 2, middle),
      ring: at(box.x + 1, middle),
      background: at(box.x - 2, box.y - 2),
    };
  });
}

/** The ids of the swatches whose ring stands out from the page's background. */
const ringed = (pixels: Awaited<ReturnType<typeof swatchPixels>>): ColourId[] =>
  pixels
    .filter(({ ring, background }) => distance(ring, background) > DIFFERENT)
    .map(({ colour }) => colour.id);

if (process.env.ENGINE !== 'firefox')
  throw new Error(
    `forced-colors.node-test.ts runs in Firefox (ENGINE=firefox), not in ${process.env.ENGINE}`,
  );

for (const [theme, { foreground, background, link }] of Object.entries(THEMES))
  test(
    `forced colours, ${theme} theme: each swatch shows its own colour, the selected one alone is ringed, the ring follows the choice, and axe finds no violations`,
    {
      timeout: 120_000,
    },
    async (t) => {
      const firefox = await launchFirefox({
        'browser.display.document_color_use': 2,
        'browser.display.use_system_colors': false,
        'browser.display.foreground_color': foreground,
        'browser.display.background_color': background,
        'browser.anchor_color': link,
        'browser.visited_color': link,
        'browser.active_color': link,
      });
      // Each thing started is stopped after the test, also when the next one fails to start.
      t.after(() => firefox.close());
      const server = await startServer({ root: DIST_DIR, serviceWorker: false });
      t.after(() => server.close());
      const page = await firefox.newPage();
      t.after(() => page.close().catch(() => undefined));
      const browser = new BrowserDriver('firefox', page);
      const shop = new ShopModel(browser, server.origin);
      await shop.open();
      assert.equal(
        await browser.evaluate(() => matchMedia('(forced-colors: active)').matches),
        true,
        'Firefox forces colours',
      );

      const pixels = await swatchPixels(browser);
      for (const { colour, centre, background: page } of pixels) {
        assert.ok(distance(centre, hexRgb(colour.swatch)) < SAME, `${colour.id} swatch shows ${centre}`);
        assert.ok(distance(centre, page) > DIFFERENT / 2, `${colour.id} swatch stands out from ${page}`);
      }
      assert.deepEqual(ringed(pixels), ['hot-pink']);
      await shop.chooseColour('ocean-blue');
      await browser.waitFor(
        async () => ringed(await swatchPixels(browser)).join() === 'ocean-blue',
        { timeoutMs: 5_000 },
        'the ring to move to Ocean Blue',
      );

      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(
        `axe.run(document).then((results) => results.violations.flatMap((v) => v.nodes.map((n) => v.id + ': ' + n.html.slice(0, 80) + ' ' + n.any.map((c) => c.message).join(' '))))`,
      )) as string[];
      assert.deepEqual(violations, []);
      assert.deepEqual(server.cspReports(), [], 'no policy violations');
    },
  );
