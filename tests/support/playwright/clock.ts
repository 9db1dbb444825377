import { expect, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE } from '@/lib/shared-names';

/**
 * The Playwright specs' time: every page opens on Playwright's fake clock, which the test moves, so no
 * assertion depends on the machine's speed. The shopper's steps are the page object's
 * (tests/support/shop-page.ts, the `shop` fixture of fixtures.ts).
 */

/** The fixed moment every browser test's fake clock starts at (ms since the epoch: 1795860000000). */
export const START = new Date('2026-11-28T10:00:00.000Z');

/** Where the fake clock is paused once a page has loaded: one minute after {@link START}. */
const PAUSED_AT = START.getTime() + 60_000;

/**
 * Opens `path` with Playwright's fake clock installed at {@link START}, waits for the app to be
 * interactive, then pauses the clock at {@link PAUSED_AT} so every app timer (toast, processing,
 * redirect) only moves when the test calls `page.clock.runFor(ms)`. Animation frames stay real, as
 * in the engine suite (tests/support/browsers/driver.ts `installClock`): they are the browser's rendering, not
 * an app timer, and the app waits for a paint before what a load or a tap starts
 * (src/lib/after-next-paint.ts: the app's start after a reload, the navigation of 'Proceed to Checkout').
 */
export async function openShop(page: Page, path = '/'): Promise<void> {
  await keepRealTimers(page);
  await page.clock.install({ time: START });
  await keepRealFrames(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAppReady(page);
  await page.clock.pauseAt(PAUSED_AT);
}

/**
 * Waits until the app is interactive (`data-app-ready` on `<html>`, src/early/app-ready.ts): it starts
 * after the prerendered page's first paint, so a test that must see a tap's effect at once (Playwright's
 * `check()` verifies the new state immediately) waits for it; a shopper's earlier taps are replayed.
 */
export async function expectAppReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '');
}

/**
 * Saves the browser's own timers, animation frames and `performance.now` as `window.__realTimers` in
 * every page of the context, before Playwright's fake clock replaces them: axe-core needs real timers
 * to finish, and the page object waits for real frames, while the app's fake clock stays paused. Call
 * it before `page.clock.install`.
 */
export async function keepRealTimers(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    Object.assign(window, {
      __realTimers: {
        setTimeout,
        clearTimeout,
        requestAnimationFrame: requestAnimationFrame.bind(window),
        cancelAnimationFrame: cancelAnimationFrame.bind(window),
        now: performance.now.bind(performance),
      },
    });
  });
}

/**
 * Gives every page of the context its real `requestAnimationFrame` and `cancelAnimationFrame` back
 * (saved by {@link keepRealTimers}) over Playwright's fake clock, whose paused clock would hold them.
 * Call it after `page.clock.install`: init scripts run in the order they were added, so this one
 * runs after the clock's.
 */
async function keepRealFrames(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const real = (
      window as unknown as { __realTimers: Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame'> }
    ).__realTimers;
    window.requestAnimationFrame = real.requestAnimationFrame;
    window.cancelAnimationFrame = real.cancelAnimationFrame;
  });
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
