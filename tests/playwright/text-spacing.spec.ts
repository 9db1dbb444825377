import type { Page } from '@playwright/test';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';
import { addUserStyles, renderOffscreenSections } from '@support/playwright/layout';

/**
 * WCAG 1.4.12's spacing, as the W3C's text spacing bookmarklet sets it: line height 1.5 × the font
 * size, 2 em after each paragraph, letters 0.12 em and words 0.16 em apart.
 */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** The shop's two viewport widths, in CSS px (playwright.config.ts). */
const WIDTHS = [375, 1280];

/**
 * Text the shopper can no longer read in full, at each of {@link WIDTHS}: text running out of its
 * own box sideways, out of a control or label, or out of a box that hides its overflow, and text
 * drawn over other text. Visually hidden text and the page behind the open modal are left out.
 */
async function clippedText(page: Page): Promise<string[]> {
  await renderOffscreenSections(page);
  const viewport = page.viewportSize();
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const found = await page.evaluate(() => {
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()} '${element.textContent?.trim().slice(0, 30)}'`;
      const outside = (text: DOMRect, box: DOMRect, x: boolean, y: boolean) =>
        (x && (text.left < box.left - 1 || text.right > box.right + 1)) ||
        (y && (text.top < box.top - 1 || text.bottom > box.bottom + 1));
      const modal = document.querySelector('dialog:modal');
      const lines: [Element, DOMRect[]][] = [];
      const found: string[] = [];
      for (const element of (modal ?? document.body).querySelectorAll('*')) {
        const ownText = Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!ownText || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          continue;
        const ancestors: Element[] = [];
        for (let box: Element | null = element; box; box = box.parentElement) ancestors.push(box);
        if (ancestors.some((box) => box.getBoundingClientRect().width <= 1)) continue;
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        for (const ancestor of ancestors) {
          const style = getComputedStyle(ancestor);
          if (/auto|scroll/.test(style.overflowX + style.overflowY)) break;
          const control = ancestor.matches('a, button, label, [role="button"]');
          const x = ancestor === element || control || style.overflowX !== 'visible';
          const y = control || style.overflowY !== 'visible';
          if (outside(text, ancestor.getBoundingClientRect(), x, y))
            found.push(`${describe(element)} runs out of ${describe(ancestor)}`);
        }
        lines.push([element, Array.from(range.getClientRects()).filter((line) => line.width > 0)]);
      }
      lines.forEach(([element, rects], index) => {
        for (const [other, otherRects] of lines.slice(index + 1)) {
          if (element.contains(other) || other.contains(element)) continue;
          const overlaps = rects.some((a) =>
            otherRects.some(
              (b) =>
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
                Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2,
            ),
          );
          if (overlaps) found.push(`${describe(element)} overlaps ${describe(other)}`);
        }
      });
      return found;
    });
    problems.push(...found.map((problem) => `${width} px: ${problem}`));
  }
  if (viewport) await page.setViewportSize(viewport);
  return problems;
}

test.describe('text spacing of WCAG 1.4.12 loses no text', () => {
  test('the landing page and the cart with a line', async ({ page, shop }) => {
    await openShop(page);
    await addUserStyles(page, TEXT_SPACING);
    expect(await clippedText(page)).toEqual([]);
    await shop.addToCart(1);
    await page.clock.runFor(3_000);
    await shop.openCart(1);
    expect(await clippedText(page)).toEqual([]);
  });

  test('the checkout and its confirmation', async ({ page, shop }) => {
    await openShop(page, '/checkout');
    await addUserStyles(page, TEXT_SPACING);
    expect(await clippedText(page)).toEqual([]);
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
    expect(await clippedText(page)).toEqual([]);
  });

  test('the not-found page', async ({ page, shop }) => {
    await openShop(page, '/no-such-page');
    await addUserStyles(page, TEXT_SPACING);
    await shop.seeNotFound();
    expect(await clippedText(page)).toEqual([]);
  });
});
