/**
 * What the engine drivers run inside the page: Testing Library's queries (by role and accessible name,
 * by text, by label), the same in Chromium, Firefox and WebKit instead of each driver's own query
 * engine, plus reading an element and getting it ready for a click. {@link inPageHelpers} is sent as
 * source text (see driver.ts), so it must not refer to anything outside itself but the page's
 * `__accessibility`.
 */
import type { ARIARole } from 'aria-query';

/** A text to match: a string matches the whole text (whitespace collapsed), a RegExp any part of it. */
export type TextMatch = string | RegExp;

/**
 * An element as a shopper finds it, with one of Testing Library's queries: by its label
 * (`{ label: 'Email address' }`, the form field), else by role and accessible name
 * (`{ role: 'button', name: 'Try again' }`), else by text (`{ text: 'Order Confirmed!' }`, an element
 * whose own text it is); `css` narrows what they find or, alone, is the query. `within` limits the
 * search to the first element the inner query finds. Only rendered elements match.
 */
export interface ElementQuery {
  role?: ARIARole;
  name?: TextMatch;
  /** Heading level (1–6), with `role: 'heading'`. */
  level?: number;
  text?: TextMatch;
  label?: string;
  css?: string;
  within?: ElementQuery;
}

/** A {@link TextMatch} as JSON. */
export type SerialisedMatch = { exact: string } | { source: string; flags: string };

/** An {@link ElementQuery} as JSON (RegExps as source and flags). */
export type SerialisedQuery = Omit<ElementQuery, 'name' | 'text' | 'within'> & {
  name?: SerialisedMatch;
  text?: SerialisedMatch;
  within?: SerialisedQuery;
};

/** Converts a query to JSON for the page. */
export function serialiseQuery(query: ElementQuery): SerialisedQuery {
  const match = (value: TextMatch): SerialisedMatch =>
    typeof value === 'string' ? { exact: value } : { source: value.source, flags: value.flags };
  return {
    ...query,
    name: query.name === undefined ? undefined : match(query.name),
    text: query.text === undefined ? undefined : match(query.text),
    within: query.within && serialiseQuery(query.within),
  };
}

/** A query in words, for messages: `button "Try again" in dialog "Your Cart"`. */
export function describeQuery(query: ElementQuery): string {
  const quoted = (value: TextMatch) => (typeof value === 'string' ? `"${value}"` : String(value));
  const own = [
    query.role ?? (query.text !== undefined ? 'text' : query.label !== undefined ? 'field' : 'element'),
    query.level !== undefined ? `(level ${query.level})` : '',
    query.name !== undefined ? quoted(query.name) : '',
    query.text !== undefined ? quoted(query.text) : '',
    query.label !== undefined ? `labelled "${query.label}"` : '',
    query.css !== undefined ? `matching ${query.css}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return query.within ? `${own} in ${describeQuery(query.within)}` : own;
}

/**
 * What the page's `__accessibility` holds: Testing Library's queries (roles, names and labels as
 * dom-accessibility-api computes them; elements hidden from assistive technology left out) and
 * dom-accessibility-api's accessible-name function.
 */
export type AccessibilityLibrary = Pick<
  typeof import('@testing-library/dom'),
  'queryAllByRole' | 'queryAllByText' | 'queryAllByLabelText'
> & { computeAccessibleName(element: Element): string };

/** Where to press an element: its centre in the viewport, in CSS px; `problem` says why not, if so. */
export interface ClickPoint {
  problem: string;
  x: number;
  y: number;
}

/** The helpers {@link inPageHelpers} returns. */
export interface InPageHelpers {
  /** Every rendered element matching `query`, in document order. */
  findAll(query: SerialisedQuery): Element[];
  /** The first rendered element matching `query`, or `null`. */
  find(query: SerialisedQuery): Element | null;
  /** The element a pointer should press for `query`: a visually hidden radio's label, else the element. */
  clickTarget(query: SerialisedQuery): Element;
  /**
   * Scrolls the click target of `query` to the middle of the viewport at once (whatever the page's
   * `scroll-behavior`) and waits until it stands still and is what a pointer at its centre hits, up to `maxMs`.
   * Resolves with that centre, and with what was wrong when it gave up (`problem`, else `''`).
   */
  prepareClick(query: SerialisedQuery, maxMs: number): Promise<ClickPoint>;
  /** The accessible name of `element`, as dom-accessibility-api computes it (accname 1.2). */
  nameOf(element: Element): string;
  /** The rendered text of `element`, whitespace collapsed. */
  textOf(element: Element): string;
}

/**
 * Builds the in-page helpers (see {@link InPageHelpers}). Runs in the page: self-contained, no imports,
 * no references to this module's other functions.
 */
export function inPageHelpers(): InPageHelpers {
  const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matcher = (match: SerialisedMatch) =>
    'exact' in match ? normalise(match.exact) : new RegExp(match.source, match.flags);

  const textOf = (element: Element) =>
    normalise(element instanceof HTMLElement ? element.innerText : element.textContent);

  // Testing Library and dom-accessibility-api, injected into the document by driver.ts before the
  // helpers run.
  const library = (window as unknown as { __accessibility: AccessibilityLibrary }).__accessibility;
  const nameOf = (element: Element): string => normalise(library.computeAccessibleName(element));

  const isRendered = (element: Element) => {
    const check = (element as Element & { checkVisibility?: (options: object) => boolean }).checkVisibility;
    if (typeof check === 'function')
      return check.call(element, { visibilityProperty: true, checkVisibilityCSS: true });
    const style = getComputedStyle(element);
    return element.getClientRects().length > 0 && style.visibility !== 'hidden';
  };

  const findAll = (query: SerialisedQuery): Element[] => {
    let scope = document.body;
    if (query.within) {
      const container = findAll(query.within)[0];
      if (!(container instanceof HTMLElement)) return [];
      scope = container;
    }
    const { role, name, level, text, label, css } = query;
    let candidates: Element[];
    if (label !== undefined) candidates = library.queryAllByLabelText(scope, label);
    else if (role !== undefined)
      candidates = library.queryAllByRole(scope, role, { name: name && matcher(name), level });
    else if (text !== undefined) candidates = library.queryAllByText(scope, matcher(text), { selector: css });
    else candidates = Array.from(scope.querySelectorAll(css ?? '*'));
    if (css !== undefined) candidates = candidates.filter((element) => element.matches(css));
    return candidates.filter(isRendered);
  };

  const find = (query: SerialisedQuery) => findAll(query)[0] ?? null;

  const clickTarget = (query: SerialisedQuery): Element => {
    const element = find(query);
    if (!element) throw new Error('no such element');
    if (element instanceof HTMLInputElement && element.labels && element.labels[0]) {
      const box = element.getBoundingClientRect();
      if (box.width < 8 || box.height < 8) return element.labels[0];
    }
    return element;
  };

  // A Playwright spec's fake clock, paused, holds `performance.now` (and animation frames, which its
  // page gets back): the browser's own are kept as `__realTimers` (tests/support/playwright/clock.ts).
  const real = (
    window as unknown as {
      __realTimers?: { requestAnimationFrame: typeof requestAnimationFrame; now: () => number };
    }
  ).__realTimers ?? {
    requestAnimationFrame: (callback) => requestAnimationFrame(callback),
    now: () => performance.now(),
  };
  const nextFrame = () => new Promise<void>((resolve) => real.requestAnimationFrame(() => resolve()));

  const prepareClick = async (query: SerialisedQuery, maxMs: number): Promise<ClickPoint> => {
    const end = real.now() + maxMs;
    // 'instant' overrides any smooth `scroll-behavior` of the page under test without touching its styles.
    clickTarget(query).scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    let previous = '';
    let stillFrames = 0;
    let point: ClickPoint = { problem: 'still moving', x: 0, y: 0 };
    while (real.now() < end) {
      await nextFrame();
      const target = clickTarget(query);
      const box = target.getBoundingClientRect();
      const now = `${box.x},${box.y},${box.width},${box.height}`;
      stillFrames = now === previous ? stillFrames + 1 : 0;
      previous = now;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const hit = document.elementFromPoint(x, y);
      const isHit = hit !== null && (hit === target || target.contains(hit));
      point = {
        problem: isHit ? 'still moving' : `covered by <${hit?.tagName.toLowerCase() ?? 'nothing'}>`,
        x,
        y,
      };
      if (stillFrames >= 2 && isHit) return { problem: '', x, y };
    }
    return point;
  };

  return { findAll, find, clickTarget, prepareClick, nameOf, textOf };
}
