/* global window, document, requestAnimationFrame, HTMLInputElement, HTMLTextAreaElement */
/**
 * Finding, waiting for and tapping elements with plain DOM code run through `page.evaluate`, for the
 * pages the bench measures. Playwright's own tools (locators such as `getByRole`, `waitForFunction`,
 * `scrollIntoViewIfNeeded`, `boundingBox`) create its injected script in the page, which installs
 * capture listeners on `window` for pointer, mouse and touch events (its hit-target interceptor,
 * non-passive): they then run inside every measured tap, about 10 ms at pointerdown and 3 ms at
 * mouseup in a trace at 6× CPU, and a shopper's phone runs no such script. `page.evaluate`,
 * `page.touchscreen` and `page.keyboard` add nothing to the page.
 *
 * A {@link Target} names an element the way a shopper (or Playwright's `getByRole`) would: by role and
 * accessible name (aria-labelledby, aria-label, the `<label>` of a form control, else the text), by its
 * own text, or by the label of a form control. Only rendered elements count (a box, not inside
 * `[hidden]`, `[aria-hidden="true"]` or `[inert]`); more than one match is an error, as in Playwright's
 * strict mode.
 */

/**
 * - `role` (`button`, `radio`, `heading`, `link`, `textbox`) with `name` (the whole accessible name,
 *   whitespace collapsed) or `namePrefix`; `level` for a heading; `tapLabel`: act on the control's
 *   `<label>` instead (a styled radio whose input is hidden);
 * - `text`: the innermost element whose text is exactly this;
 * - `label`: the form control this `<label>` (or aria-label) names.
 * @typedef {{role?: string, name?: string, namePrefix?: string, level?: number, tapLabel?: boolean,
 *   text?: string, label?: string}} Target
 */

/**
 * Runs in the page: polls every `polling` ms until `target` matches exactly one rendered element
 * (throws on several, or after `timeout` ms); with `scroll`, scrolls it to the middle of the viewport
 * without animation (the shop sets `scroll-behavior: smooth`, so a box read during a smooth scroll is
 * wrong), waits two frames and `settleMs`, then until its box is the same on two frames. With `focus`,
 * focuses it. Returns the middle of its box (CSS px from the viewport's top left) and its description.
 */
function locateInPage({ target, timeout, polling, scroll, settleMs, focus }) {
  const normalise = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    const ariaLabel = element.getAttribute('aria-label');
    if (ariaLabel) return normalise(ariaLabel);
    if (element.labels && element.labels.length > 0)
      return normalise([...element.labels].map((label) => label.textContent).join(' '));
    return normalise(element.textContent);
  };
  const rendered = (element) =>
    element.getClientRects().length > 0 && !element.closest('[hidden], [aria-hidden="true"], [inert]');
  const ROLES = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    radio: 'input[type="radio"], [role="radio"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    link: 'a[href], [role="link"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], textarea',
  };
  const describe = JSON.stringify(target);
  const find = () => {
    let found = [];
    if (target.role) {
      const selector = ROLES[target.role];
      if (!selector) throw new Error(`unknown role in ${describe}`);
      found = [...document.querySelectorAll(selector)].filter((element) => {
        const name = nameOf(element);
        if (target.name !== undefined && name !== target.name) return false;
        if (target.namePrefix !== undefined && !name.startsWith(target.namePrefix)) return false;
        if (target.level !== undefined) {
          const level = Number(element.getAttribute('aria-level') ?? element.tagName.slice(1));
          if (level !== target.level) return false;
        }
        return true;
      });
    } else if (target.text !== undefined) {
      const withText = [...document.querySelectorAll('body *')].filter(
        (element) => normalise(element.textContent) === target.text,
      );
      const innermost = (element) => !withText.some((other) => other !== element && element.contains(other));
      found = withText.filter(innermost);
    } else if (target.label !== undefined) {
      const byLabel = [...document.querySelectorAll('label')]
        .filter((label) => normalise(label.textContent) === target.label)
        .map((label) => label.control);
      const byAria = [...document.querySelectorAll('[aria-label]')].filter(
        (element) => normalise(element.getAttribute('aria-label')) === target.label,
      );
      found = [...new Set([...byLabel, ...byAria])].filter(Boolean);
    }
    // A hidden radio is tapped through its label, which is what must be rendered.
    if (target.tapLabel) found = found.map((element) => element.closest('label') ?? element.labels?.[0]);
    return found.filter((element) => element && rendered(element));
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const wait = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));
  const box = (element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  };
  const same = (a, b) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  return (async () => {
    const deadline = performance.now() + timeout;
    for (;;) {
      const found = find();
      if (found.length > 1) throw new Error(`${describe} matches ${found.length} elements`);
      const [element] = found;
      if (element) {
        if (scroll) {
          element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          await frame();
          await frame();
          await wait(settleMs);
        }
        const before = box(element);
        await frame();
        const after = box(element);
        if (same(before, after) && after.width > 0 && after.height > 0) {
          const x = after.x + after.width / 2;
          const y = after.y + after.height / 2;
          if (scroll) {
            const hit = document.elementFromPoint(x, y);
            if (!hit || !(element === hit || element.contains(hit) || hit.contains(element)))
              throw new Error(`${describe}: its middle is covered by ${hit?.outerHTML.slice(0, 120)}`);
          }
          if (focus) element.focus();
          return { x, y };
        }
      }
      if (performance.now() > deadline) throw new Error(`${describe}: not found within ${timeout} ms`);
      await wait(polling);
    }
  })();
}

/**
 * Waits until `target` is rendered (and stable on two frames) and returns the middle of its box.
 * @param {import('@playwright/test').Page} page
 * @param {Target} target
 * @param {{timeout?: number, polling?: number, scroll?: boolean, settleMs?: number, focus?: boolean}} [options]
 *   ms; `scroll` scrolls it into the middle of the viewport first and checks nothing covers it
 * @returns {Promise<{x: number, y: number}>} CSS px from the viewport's top left
 */
export function locate(page, target, options = {}) {
  const { timeout = 30_000, polling = 50, scroll = false, settleMs = 100, focus = false } = options;
  return page.evaluate(locateInPage, { target, timeout, polling, scroll, settleMs, focus });
}

/**
 * A finger tap on the middle of `target`: scrolls it into view first (not part of the interaction),
 * then sends raw CDP touch events through `page.touchscreen`.
 * @param {import('@playwright/test').Page} page
 * @param {Target} target
 */
export async function tap(page, target) {
  const { x, y } = await locate(page, target, { scroll: true });
  await page.touchscreen.tap(x, y);
}

/**
 * Sets form fields as typing would for React: for each [label, value], the control the label names
 * gets `value` through the native value setter (so React's value tracker sees a change) and an
 * `input` event, which React's `onChange` listens to. Replaces what the field held.
 * @param {import('@playwright/test').Page} page
 * @param {ReadonlyArray<readonly [string, string]>} fields [label text, value]
 */
export function fillFields(page, fields) {
  return page.evaluate((entries) => {
    const normalise = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
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
 * @param {import('@playwright/test').Page} page
 * @param {(arg: any) => unknown} predicate a self-contained function (it is sent as source text)
 * @param {unknown} [arg] JSON-serialisable
 * @param {{timeout?: number, polling?: number}} [options] ms
 */
export function waitInPage(page, predicate, arg, { timeout = 30_000, polling = 50 } = {}) {
  const poll = (check, value, limit, every) =>
    new Promise((resolve, reject) => {
      const deadline = performance.now() + limit;
      const attempt = () => {
        let result;
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
  return page.evaluate(`(${poll})(${predicate}, ${JSON.stringify(arg ?? null)}, ${timeout}, ${polling})`);
}
