import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { COLOURS, type ColourId } from '@machines/catalog';
import { en, shopText, startsWith } from '@support/shop-texts';
import { analyzeWithAxe } from '@support/a11y/a11y';
import { checkWithEqualAccess, checkWithHtmlCodeSniffer } from '@support/a11y/a11y-engines';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

/** A pixel's red, green and blue, 0–255. */
type Rgb = readonly [number, number, number];

/** Euclidean distance of two pixels in RGB space: 0 the same, 441 black to white. */
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** `#rrggbb` as {@link Rgb}. */
const hexRgb = (hex: string): Rgb =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as never;

/** At most this far from a colour counts as that colour (anti-aliasing, colour conversion). */
const SAME = 24;
/** At least this far from a colour counts as visibly different from it. */
const DIFFERENT = 100;

/**
 * What a screenshot shows: `at(x, y)` is the pixel at (x, y) CSS px from the shot's top left (the
 * shot's device pixels scaled back to CSS px).
 */
async function shot(png: Buffer, cssWidth: number): Promise<{ at: (x: number, y: number) => Rgb }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / cssWidth;
  return {
    at: (x, y) => {
      const offset = (Math.floor(y * scale) * info.width + Math.floor(x * scale)) * info.channels;
      return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0] as const;
    },
  };
}

/** A colour's swatch: the round element drawn after its radio (the radio itself is visually hidden). */
const swatchOf = (page: Page, colourId: ColourId) =>
  page.getByRole('radio', { name: shopText.colour(colourId) }).locator('xpath=following-sibling::span[1]');

/**
 * How the swatch of `colourId` looks, from a screenshot of it with `margin` CSS px around: its centre
 * pixel, its ring (1 px inside its 40 px circle at mid-height, in the 3 px border that carries the
 * selected mark), the page's own background (a corner of the shot, outside the circle) and 4.5 px
 * outside its circle (where the focus ring, 3 px wide at a 3 px offset, is drawn).
 */
async function swatchPixels(page: Page, colourId: ColourId, margin = 8) {
  const swatch = swatchOf(page, colourId);
  await swatch.scrollIntoViewIfNeeded();
  const box = await swatch.boundingBox();
  if (!box) throw new Error(`the ${colourId} swatch is not on screen`);
  const clip = {
    x: box.x - margin,
    y: box.y - margin,
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  };
  const image = await shot(await page.screenshot({ clip, animations: 'disabled' }), clip.width);
  const middle = margin + box.height / 2;
  return {
    centre: image.at(margin + box.width / 2, middle),
    ring: image.at(margin + 1, middle),
    background: image.at(0, 0),
    focusRing: image.at(margin - 4.5, middle),
  };
}

/** The centre pixel of the colour dot in the showcase card of `colourId`. */
async function showcaseDotCentre(page: Page, colourId: ColourId): Promise<Rgb> {
  const dot = page
    .getByRole('button', { name: startsWith(shopText.colour(colourId)) })
    .locator('span[aria-hidden="true"]');
  await dot.scrollIntoViewIfNeeded();
  const box = await dot.boundingBox();
  if (!box) throw new Error(`the ${colourId} showcase dot is not on screen`);
  const image = await shot(await dot.screenshot({ animations: 'disabled' }), box.width);
  return image.at(box.width / 2, box.height / 2);
}

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`forced colours, ${colorScheme} theme (Chromium's forced-colors emulation)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme });
      await openShop(page);
    });

    test('each swatch and each showcase dot shows its own product colour', async ({ page }) => {
      for (const colour of COLOURS) {
        const { centre, background } = await swatchPixels(page, colour.id);
        expect(distance(centre, hexRgb(colour.swatch)), `${colour.id} swatch ${centre}`).toBeLessThan(SAME);
        expect(distance(centre, background), `${colour.id} swatch against the page`).toBeGreaterThan(
          DIFFERENT / 2,
        );
        const dot = await showcaseDotCentre(page, colour.id);
        expect(distance(dot, hexRgb(colour.swatch)), `${colour.id} dot ${dot}`).toBeLessThan(SAME);
      }
    });

    test('the selected swatch alone is ringed, and the ring follows the choice', async ({ page, shop }) => {
      /** Which swatches carry a ring unlike the page's background. */
      const ringed = async () => {
        const marked: ColourId[] = [];
        for (const colour of COLOURS) {
          const { ring, background } = await swatchPixels(page, colour.id);
          if (distance(ring, background) > DIFFERENT) marked.push(colour.id);
        }
        return marked;
      };
      expect(await ringed()).toEqual(['hot-pink']);
      await shop.chooseColour('ocean-blue');
      await expect(page.getByRole('radio', { name: shopText.colour('ocean-blue') })).toBeChecked();
      expect(await ringed()).toEqual(['ocean-blue']);
    });

    test('the swatch that has keyboard focus shows a focus ring', async ({ page }) => {
      const unfocused = await swatchPixels(page, 'sunset-orange');
      expect(distance(unfocused.focusRing, unfocused.background), 'no ring before focus').toBeLessThan(SAME);
      await page.getByRole('radio', { name: shopText.colour('hot-pink') }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: shopText.colour('sunset-orange') })).toBeFocused();
      const focused = await swatchPixels(page, 'sunset-orange');
      expect(distance(focused.focusRing, focused.background), 'the focus ring').toBeGreaterThan(DIFFERENT);
    });

    test('axe, IBM Equal Access and HTML_CodeSniffer find nothing', async ({ page }) => {
      const { violations } = await analyzeWithAxe(page);
      // Under forced colours axe's color-contrast reads each text's colour before forcing (its
      // -webkit-text-fill-color, which Chromium leaves unforced) against the forced background
      // (a known axe-core limitation, github.com/dequelabs/axe-core/issues/3978): it measures colours that are not painted. The system's palette
      // decides text contrast here; the pixels above check what the page itself must keep.
      const measurable = violations.filter((violation) => violation.id !== 'color-contrast');
      expect(measurable.map((violation) => violation.id)).toEqual([]);
      expect((await checkWithEqualAccess(page)).violations).toEqual([]);
      expect((await checkWithHtmlCodeSniffer(page)).errors).toEqual([]);
    });
  });
}

/** A contrast measured in the page: what was measured, and its ratio (WCAG 2.2 formula). */
interface Contrast {
  what: string;
  ratio: number;
}

/**
 * In the page: the contrast ratio of each of `elements`' paint against what lies behind it, the first
 * opaque background colour at or above it and every colour of any gradient on the way (the worst
 * counts). `paint` 'text': only the elements that paint text of their own in `colour` (as computed),
 * against their own background. 'edge': each element's outermost line, a ring (a `box-shadow` with
 * no offset or blur) or else its border, against its parent's background. Self-contained:
 * Playwright sends its source to the page.
 */
function measureContrasts(
  elements: Element[],
  { paint, colour }: { paint: 'text' | 'edge'; colour?: string },
): Contrast[] {
  type Colour = { r: number; g: number; b: number; alpha: number };
  const parse = (css: string): Colour | null => {
    const [r = 0, g = 0, b = 0, alpha = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    if (css.startsWith('color(srgb')) return { r: r * 255, g: g * 255, b: b * 255, alpha };
    if (css.startsWith('rgb')) return { r, g, b, alpha };
    return null;
  };
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ({ r, g, b }: Colour) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const ratio = (a: Colour, b: Colour) =>
    (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
  const backdrop = (start: Element | null): Colour[] => {
    const colours: Colour[] = [];
    for (let element = start; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      for (const stop of style.backgroundImage.match(/(rgba?|color)\([^)]*\)/g) ?? []) {
        const parsed = parse(stop);
        if (parsed && parsed.alpha > 0) colours.push(parsed);
      }
      const solid = parse(style.backgroundColor);
      if (solid && solid.alpha === 1) return [...colours, solid];
    }
    return [...colours, { r: 255, g: 255, b: 255, alpha: 1 }];
  };
  const ownText = (element: Element) =>
    Array.from(element.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim() ?? '')
      .join(' ')
      .trim();
  const measured: Contrast[] = [];
  for (const element of elements) {
    const style = getComputedStyle(element);
    const name = `${element.tagName.toLowerCase()} '${(ownText(element) || element.getAttribute('aria-label') || element.textContent?.trim() || '').slice(0, 40)}'`;
    if (paint === 'text') {
      if (!ownText(element) || style.color !== colour || !element.checkVisibility()) continue;
      const text = parse(style.color);
      if (text)
        measured.push({ what: name, ratio: Math.min(...backdrop(element).map((b) => ratio(text, b))) });
    } else {
      const ring = /^((?:rgba?|color)\([^)]*\)) 0px 0px 0px [\d.]+px$/.exec(style.boxShadow)?.[1];
      const hasBorder = style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) > 0;
      const edge = parse(ring ?? (hasBorder ? style.borderTopColor : ''));
      const ratios = edge ? backdrop(element.parentElement).map((b) => ratio(edge, b)) : [0];
      measured.push({ what: name, ratio: Math.min(...ratios) });
    }
  }
  return measured;
}

/** '<what> 7.58, …' for the test's output. */
const listed = (contrasts: Contrast[]) =>
  contrasts.map(({ what, ratio }) => `${what} ${ratio.toFixed(2)}`).join(', ');

test.describe('prefers-contrast: more', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ contrast: 'more' });
  });

  for (const path of ['/', '/checkout']) {
    test(`muted text reaches 7:1 on ${path}`, async ({ page }) => {
      await openShop(page, path);
      // The muted colour, as the page paints it: the showcase's lead, a shipping method's delivery time.
      const sample =
        path === '/'
          ? page.getByText(en.showcase.subtitle)
          : page.getByText(startsWith(en.checkout.shippingMethod.methods.express.delivery));
      const colour = await sample.evaluate((element) => getComputedStyle(element).color);
      const muted = await page
        .locator('body *')
        .evaluateAll(measureContrasts, { paint: 'text' as const, colour });
      console.log(`muted text ${colour} on ${path}: ${listed(muted)}`);
      expect(muted.length, 'muted texts').toBeGreaterThan(path === '/' ? 5 : 0);
      expect(muted.filter(({ ratio }) => ratio < 7)).toEqual([]);
    });
  }

  test("the edges of the landing page's controls reach 3:1 against what lies behind them", async ({
    page,
  }) => {
    await openShop(page);
    const controls = page
      .getByRole('group', { name: en.product.quantityLabel })
      .or(swatchOf(page, 'sunset-orange'))
      .or(page.getByRole('button', { name: shopText.cartButton(0) }))
      .or(page.getByRole('list').getByRole('button', { pressed: false }));
    const edges = await controls.evaluateAll(measureContrasts, { paint: 'edge' as const });
    console.log(`control edges on /: ${listed(edges)}`);
    expect(edges.length, 'controls measured').toBe(5);
    expect(edges.filter(({ ratio }) => ratio < 3)).toEqual([]);
  });

  test("the edges of the checkout's fields and shipping methods reach 3:1", async ({ page }) => {
    await openShop(page, '/checkout');
    // The text fields, and each shipping method's card (the label around its radio).
    const controls = page.getByRole('textbox').or(page.locator('label:has(input[type="radio"])'));
    const edges = await controls.evaluateAll(measureContrasts, { paint: 'edge' as const });
    console.log(`control edges on /checkout: ${listed(edges)}`);
    expect(edges.length, 'controls measured').toBeGreaterThan(5);
    expect(edges.filter(({ ratio }) => ratio < 3)).toEqual([]);
  });

  test('axe, IBM Equal Access and HTML_CodeSniffer find nothing', async ({ page }) => {
    await openShop(page);
    const { violations } = await analyzeWithAxe(page);
    expect(violations.map((violation) => violation.id)).toEqual([]);
    expect((await checkWithEqualAccess(page)).violations).toEqual([]);
    expect((await checkWithHtmlCodeSniffer(page)).errors).toEqual([]);
  });
});
