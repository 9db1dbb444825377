import type { Page } from '@playwright/test';
import { expect, test } from '@support/playwright/fixtures';
import { openShop } from '@support/playwright/clock';

/** Smallest target size WCAG 2.2 allows at AA (2.5.8 Target Size (Minimum)), in CSS px. */
const MIN_TARGET_PX = 24;

/**
 * Every control a pointer can hit right now (not inert, not hidden) whose target is under
 * {@link MIN_TARGET_PX} in either direction, as `"<name>: W×H"`. A form control's target includes its
 * labels (clicking a label activates the control), so a visually hidden radio counts as its swatch label.
 */
function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]',
    );
    const problems: string[] = [];
    for (const control of controls) {
      if (control.closest('[inert]') || !control.checkVisibility({ visibilityProperty: true })) continue;
      if (document.querySelector('dialog:modal') && !control.closest('dialog:modal')) continue;
      const labels = control instanceof HTMLInputElement ? Array.from(control.labels ?? []) : [];
      const boxes = [control, ...labels].map((element) => element.getBoundingClientRect());
      const width = Math.max(...boxes.map((box) => box.width));
      const height = Math.max(...boxes.map((box) => box.height));
      if (width < minimum || height < minimum) {
        const name = control.getAttribute('aria-label') ?? (labels[0] ?? control).textContent?.trim();
        problems.push(`${name}: ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return problems;
  }, MIN_TARGET_PX);
}

test.describe('touch targets of at least 24×24 CSS px (WCAG 2.5.8)', () => {
  test('every control on the landing page and in the cart', async ({ page, shop }) => {
    await openShop(page);
    expect(await undersizedTargets(page)).toEqual([]);
    await shop.openCart(0);
    expect(await undersizedTargets(page)).toEqual([]);
    await shop.closeCart(0);
    await shop.addToCart(1);
    await shop.openCart(1);
    expect(await shop.proceedButtons()).toBe(1);
    expect(await undersizedTargets(page)).toEqual([]);
  });

  test('every control on the checkout and not-found pages', async ({ page, shop }) => {
    await openShop(page, '/checkout');
    expect(await undersizedTargets(page)).toEqual([]);
    await page.goto('/missing');
    await shop.seeNotFound();
    expect(await undersizedTargets(page)).toEqual([]);
  });
});
