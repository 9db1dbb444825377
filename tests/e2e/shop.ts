import { expect, type Page } from '@playwright/test';
import { SHOPPER_DETAILS } from '../shopper-details';

/** The fixed moment every browser test's fake clock starts at (ms since the epoch: 1795860000000). */
export const START = new Date('2026-11-28T10:00:00.000Z');

/** Where the fake clock is paused once a page has loaded: one minute after {@link START}. */
export const PAUSED_AT = START.getTime() + 60_000;

/**
 * Opens `path` with Playwright's fake clock installed at {@link START}, waits for the app to render,
 * then pauses the clock at {@link PAUSED_AT} so every app timer (toast, processing, redirect) only
 * moves when the test calls `page.clock.runFor(ms)`.
 */
export async function openShop(page: Page, path = '/'): Promise<void> {
  await keepRealTimers(page);
  await page.clock.install({ time: START });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.pauseAt(PAUSED_AT);
}

/**
 * Saves the browser's own `setTimeout`/`clearTimeout` as `window.__realTimers` in every page of the
 * context, before Playwright's fake clock replaces them: axe-core needs real timers to finish while the
 * app's fake clock stays paused (see `a11y.ts`). Call it before `page.clock.install`.
 */
export async function keepRealTimers(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    Object.assign(window, { __realTimers: { setTimeout, clearTimeout } });
  });
}

/** Fills every required checkout field (spec §5) with {@link SHOPPER_DETAILS}. */
export async function fillCheckoutForm(page: Page): Promise<void> {
  for (const [label, value] of SHOPPER_DETAILS) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/**
 * Waits until every finite CSS animation and transition on the page has finished (infinite ones, such
 * as the processing spinner, are ignored), so screenshots and colour-contrast checks see final colours.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}
