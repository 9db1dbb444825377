import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's source, run with the page's real timers (saved by `keepRealTimers`) in place of the fake
 * ones: axe schedules its checks with `setTimeout`, which never fires while the test's clock is paused.
 */
const axeOnRealTimers = `(function (setTimeout, clearTimeout) {\n${axeSource}\n}).call(window,
  (window.__realTimers || window).setTimeout, (window.__realTimers || window).clearTimeout);`;

/** Runs every axe-core rule (WCAG 2.0–2.2 A/AA and best practices) on the whole page. */
export function analyzeWithAxe(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page, axeSource: axeOnRealTimers }).analyze();
}

/** How the focused element shows keyboard focus; see {@link focusIndicator}. */
export interface FocusIndicator {
  /** Accessible-ish label of the focused element, for failure messages. */
  element: string;
  /** The element matches `:focus-visible`. */
  focusVisible: boolean;
  /** The ring (the element's, or for a visually hidden radio the swatch drawn after it) is a solid outline ≥ 2 px. */
  ring: boolean;
  /** The ring's box is at least partly inside the viewport. */
  inViewport: boolean;
  /** Nothing (such as the fixed cart button) sits on top of the ring's centre (WCAG 2.4.11). */
  unobscured: boolean;
  /** The ring owner's box with its outline and outline offset, in CSS px from the viewport's top left. */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Describes the focus indicator of the currently focused element. A native radio hidden with the
 * sr-only pattern (1×1 px) draws its ring on the next sibling, the visible swatch.
 */
export function focusIndicator(page: Page): Promise<FocusIndicator> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) {
      const box = { x: 0, y: 0, width: 0, height: 0 };
      return {
        element: 'nothing',
        focusVisible: false,
        ring: false,
        inViewport: false,
        unobscured: false,
        box,
      };
    }
    const ownBox = focused.getBoundingClientRect();
    const sibling = focused.nextElementSibling;
    const ringOwner = ownBox.width <= 1 && ownBox.height <= 1 && sibling ? sibling : focused;
    const style = getComputedStyle(ringOwner);
    const box = ringOwner.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const ringWidth =
      Number.parseFloat(style.outlineWidth) + Math.max(0, Number.parseFloat(style.outlineOffset));
    return {
      element: `${focused.tagName.toLowerCase()} ${focused.getAttribute('aria-label') ?? focused.getAttribute('name') ?? focused.textContent?.trim().slice(0, 40)}`,
      focusVisible: focused.matches(':focus-visible'),
      ring: style.outlineStyle === 'solid' && Number.parseFloat(style.outlineWidth) >= 2,
      inViewport: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
      unobscured: onTop !== null && (ringOwner.contains(onTop) || focused.contains(onTop)),
      box: {
        x: box.left - ringWidth,
        y: box.top - ringWidth,
        width: box.width + 2 * ringWidth,
        height: box.height + 2 * ringWidth,
      },
    };
  });
}
