import type { Page } from '@playwright/test';
import { openShop } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';
import { renderOffscreenSections } from '@support/playwright/layout';

/** WCAG 1.4.10's width: 1280 CSS px zoomed to 400 %, in CSS px. */
const REFLOW_WIDTH_PX = 320;

test.use({ viewport: { width: REFLOW_WIDTH_PX, height: 640 } });

/**
 * What a shopper at {@link REFLOW_WIDTH_PX} would have to scroll sideways for, or could not reach at
 * all: the document wider than the viewport, a box that scrolls sideways, and text, an image or a
 * control that sticks out of the viewport or out of a box that hides its overflow. Text hidden on
 * purpose (the visually-hidden pattern's 1 × 1 px box) is left out.
 */
async function sidewaysProblems(page: Page): Promise<string[]> {
  await renderOffscreenSections(page);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} '${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}'`;
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const ancestors: Element[] = [];
      for (let box: Element | null = element; box; box = box.parentElement) ancestors.push(box);
      const boxes = ancestors.map((box) => box.getBoundingClientRect());
      if (boxes.some((box) => box.width <= 1 && box.height <= 1)) continue;
      const style = getComputedStyle(element);
      if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth)
        problems.push(`${describe(element)} scrolls sideways`);
      const hasText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!hasText && !element.matches('img, svg, a[href], button, input, select, textarea')) continue;
      const range = document.createRange();
      range.selectNodeContents(element);
      const content = hasText ? range.getBoundingClientRect() : boxes[0]!;
      if (content.left < -1 || content.right > width + 1)
        problems.push(
          `${describe(element)} spans ${Math.round(content.left)}–${Math.round(content.right)} px`,
        );
      ancestors.slice(1).forEach((ancestor, index) => {
        const box = boxes[index + 1]!;
        const clips = /hidden|clip/.test(getComputedStyle(ancestor).overflowX);
        if (clips && (content.left < box.left - 1 || content.right > box.right + 1))
          problems.push(`${describe(element)} is cut off by ${describe(ancestor)}`);
      });
    }
    return problems;
  });
}

test.describe(`reflow at ${REFLOW_WIDTH_PX} CSS px: nothing to scroll sideways for (WCAG 1.4.10)`, () => {
  test('the landing page and the cart with a line', async ({ page, shop }) => {
    await openShop(page);
    expect(await sidewaysProblems(page)).toEqual([]);
    await shop.addToCart(1);
    await page.clock.runFor(3_000);
    await shop.openCart(1);
    expect(await sidewaysProblems(page)).toEqual([]);
  });

  test('the checkout and its confirmation', async ({ page, shop }) => {
    await openShop(page, '/checkout');
    expect(await sidewaysProblems(page)).toEqual([]);
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
    expect(await sidewaysProblems(page)).toEqual([]);
  });

  test('the not-found page', async ({ page, shop }) => {
    await openShop(page, '/no-such-page');
    await shop.seeNotFound();
    expect(await sidewaysProblems(page)).toEqual([]);
  });
});
