/**
 * Finding, waiting for and tapping elements in the pages the bench measures, with the test house's
 * own queries (tests/support/browsers/driver.ts: Testing Library's role, name, text and label queries, run
 * through `page.evaluate` like every engine's): one query engine for the tests and the bench.
 * Playwright's own tools (locators such as `getByRole`, `waitForFunction`, `scrollIntoViewIfNeeded`,
 * `boundingBox`) create its injected script in the page, which installs capture listeners on
 * `window` for pointer, mouse and touch events (its hit-target interceptor, non-passive): they then
 * run inside every measured tap, about 10 ms at pointerdown and 3 ms at mouseup in a trace at 6× CPU,
 * and a shopper's phone runs no such script. `page.evaluate`, `page.touchscreen` and `page.keyboard`
 * add nothing to the page.
 */
import type { Page } from '@playwright/test';
import { BrowserDriver } from '@support/browsers/driver.ts';
import { playwrightEnginePage } from '@support/browsers/engines/chromium.ts';
import { describeQuery, serialiseQuery, type ElementQuery } from '@support/browsers/in-page.ts';

/** The test house's driver of each page, made on first use. */
const drivers = new WeakMap<Page, BrowserDriver>();
function driverOf(page: Page): BrowserDriver {
  let driver = drivers.get(page);
  if (!driver) {
    driver = new BrowserDriver('chromium', playwrightEnginePage(page));
    drivers.set(page, driver);
  }
  return driver;
}

/** Waits in a page: how long at most and how often it looks, ms. */
export interface WaitInPageOptions {
  readonly timeout?: number;
  readonly polling?: number;
}

/**
 * Waits until `query` finds a rendered element, scrolls it (or a visually hidden radio's label) to
 * the middle of the viewport at once, waits until it stands still and nothing covers it, `settleMs`
 * more, and checks again; returns the middle of its box. Loads the queries into the document on first
 * use, so call it once before anything is measured. `timeout` and `settleMs` in ms.
 * @returns CSS px from the viewport's top left
 * @throws when nothing matches within `timeout`, or the element is still moving or covered
 */
export async function locate(
  page: Page,
  query: ElementQuery,
  { timeout = 30_000, settleMs = 100 }: { timeout?: number; settleMs?: number } = {},
): Promise<{ x: number; y: number }> {
  const driver = driverOf(page);
  await waitForElement(page, query, timeout);
  const prepare = () => driver.read((helpers, q) => helpers.prepareClick(q, 3_000), serialiseQuery(query));
  await prepare();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const { problem, x, y } = await prepare();
  if (problem) throw new Error(`${describeQuery(query)}: ${problem}`);
  return { x, y };
}

/**
 * Waits until `query` finds a rendered element, at most `timeout` ms.
 * @throws when nothing matches within `timeout`
 */
export function waitForElement(page: Page, query: ElementQuery, timeout = 30_000): Promise<void> {
  return driverOf(page).waitForElement(query, { timeoutMs: timeout });
}

/**
 * Sets form fields as typing would for React: for each [label, value], the control the label names
 * gets `value` through the native value setter (so React's value tracker sees a change) and an
 * `input` event, which React's `onChange` listens to. Replaces what the field held.
 * @param fields [label text, value]
 * @throws (in the page) when no text field has one of the labels
 */
export function fillFields(page: Page, fields: ReadonlyArray<readonly [string, string]>): Promise<void> {
  return page.evaluate((entries) => {
    const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const labels = [...document.querySelectorAll('label')];
    for (const [labelText, value] of entries) {
      const control = labels.find((label) => normalise(label.textContent) === labelText)?.control;
      if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement))
        throw new Error(`no text field labelled ${labelText}`);
      const prototype =
        control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      control.focus();
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, fields);
}

/**
 * Runs in the page through `page.evaluate` (a string, so `predicate` can be any page function):
 * polls `predicate(arg)` every `polling` ms until it returns a truthy value, which it resolves with;
 * rejects after `timeout` ms. Playwright's `page.waitForFunction` does the same through its injected
 * script, which must not exist in a measured page.
 * @param predicate a self-contained function (it is sent as source text)
 * @param arg JSON-serialisable
 * @throws (rejects) after `timeout`, or with what `predicate` threw
 */
export function waitInPage<A, R>(
  page: Page,
  predicate: (arg: A) => R,
  arg?: A,
  { timeout = 30_000, polling = 50 }: WaitInPageOptions = {},
): Promise<Awaited<R>> {
  const poll = (check: (value: A) => R, value: A, limit: number, every: number) =>
    new Promise((resolve, reject) => {
      const deadline = performance.now() + limit;
      const attempt = () => {
        let result: R;
        try {
          result = check(value);
        } catch (error) {
          reject(error);
          return;
        }
        if (result) resolve(result);
        else if (performance.now() > deadline) reject(new Error(`timed out after ${limit} ms: ${check}`));
        else window.setTimeout(attempt, every);
      };
      attempt();
    });
  return page.evaluate(
    `(${poll.toString()})(${predicate.toString()}, ${JSON.stringify(arg ?? null)}, ${timeout}, ${polling})`,
  ) as Promise<Awaited<R>>;
}
