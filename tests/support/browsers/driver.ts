import { writeFileSync } from 'node:fs';
import { buildSync } from 'esbuild';
import {
  describeQuery,
  inPageHelpers,
  serialiseQuery,
  type ElementQuery,
  type ClickPoint,
  type InPageHelpers,
} from '@support/browsers/in-page';

/**
 * One small browser interface over three engines (Chromium through Playwright, Firefox through
 * puppeteer-core over WebDriver BiDi, WebKit's MiniBrowser through selenium-webdriver over classic
 * WebDriver), so each engine test is written once. An engine supplies an {@link EnginePage}, six
 * primitives that take JavaScript expressions; {@link BrowserDriver} does the rest (finding, waiting,
 * reading) the same way everywhere, in the page.
 */

/** The engines the suite runs in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** What an engine must provide for one page (tab). Expressions are JavaScript source, evaluated in the page. */
export interface EnginePage {
  /** Evaluates `expression` in the page, awaiting it when it is a promise; resolves with its JSON value. */
  evaluate(expression: string): Promise<unknown>;
  /**
   * Presses the point (`x`, `y`) of the viewport, in CSS px, with the engine's own (trusted) pointer
   * input: a finger where the engine was launched for touch ({@link EngineOptions}), else a mouse.
   */
  tap(x: number, y: number): Promise<void>;
  /** Presses `key` on the focused element with the engine's own (trusted) keyboard input. */
  press(key: KeyPress): Promise<void>;
  /** Types `value` into the empty field `expression` evaluates to with the engine's keyboard input. */
  type(expression: string, value: string): Promise<void>;
  /** Starts loading `url` in the page; resolves once it is requested, without waiting for the page. */
  navigate(url: string): Promise<void>;
  /** The viewport as the engine renders it, a PNG. */
  screenshot(): Promise<Buffer>;
  /** Closes the page (and its browser context where the engine has them). */
  close(): Promise<void>;
}

/** A key a test presses ({@link EnginePage.press}): moving focus, and leaving a dialog. */
export type KeyPress = 'Tab' | 'Shift+Tab' | 'Escape';

/** How an engine is launched beyond its viewport. */
export interface EngineOptions {
  /**
   * Taps are a finger's (pointer, touch, then the compatibility mouse events and the click), as on a
   * phone, where the engine's automation has touch input: Chromium (a touch-screen context, which
   * also makes `(pointer: coarse)` match) and Firefox (WebDriver BiDi's touch pointer). WebKitGTK's
   * WebDriver has no touch input, so its taps stay a mouse's. Default false: a mouse's taps.
   */
  readonly touch?: boolean;
}

/** A launched browser. */
export interface Engine {
  readonly name: EngineName;
  /** Browser name and version, e.g. `firefox/153.7.0`. */
  readonly version: string;
  /**
   * A fresh page at the engine's viewport, {@link VIEWPORT} unless launched with another (or the
   * nearest the engine allows; see `BrowserDriver.viewport`).
   */
  newPage(): Promise<EnginePage>;
  /** Closes the browser and anything started for it. */
  close(): Promise<void>;
}

/**
 * A new page of `engine` for a test served by `server`. When the page cannot be opened the server is
 * closed here, since the test that would close it never gets it.
 * @throws what opening the page threw.
 */
export async function newPageFor(engine: Engine, server: { close(): Promise<void> }): Promise<EnginePage> {
  try {
    return await engine.newPage();
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** A viewport's size in CSS px. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** The viewport the suite asks for, in CSS px: a 390 × 844 phone. */
export const VIEWPORT: Viewport = { width: 390, height: 844 };

/** Options of {@link BrowserDriver.waitFor}. */
export interface WaitOptions {
  /** Give up after this many ms (default 30 000: a guard against a hang, never a verdict). */
  timeoutMs?: number;
  /** Time between checks in ms (default 50). */
  intervalMs?: number;
}

/** The error a {@link BrowserDriver} throws when a wait runs out: `message` says what was awaited. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The file where this process keeps what its drivers are waiting for (`ENGINES_WAITING`, set by
 * scripts/test/test-engines.ts): one line, rewritten as each wait or engine command starts and ends, which
 * the runner's watchdog prints if it has to stop the run. Unset: nothing is written.
 */
const WAITING_FILE = process.env.ENGINES_WAITING;

/** Writes `line` (or nothing, when idle) to {@link WAITING_FILE}. */
function noteWaiting(line: string | null): void {
  if (WAITING_FILE) writeFileSync(WAITING_FILE, line === null ? '' : `${line}\n`);
}

/**
 * An expression that calls `fn` with `args` in the page. `__name` is defined because tsx (esbuild's
 * keepNames) wraps named inner functions in `__name(...)` calls, which the page does not have.
 */
function callExpression(fn: (...args: never[]) => unknown, args: unknown[]): string {
  const json = args.map((arg) => (arg === undefined ? 'undefined' : JSON.stringify(arg))).join(', ');
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${json}); })()`;
}

/** The error an expression with helpers throws in a document that has no `__accessibility` yet. */
const NO_LIBRARY = 'no __accessibility in this document';

/**
 * An expression that calls `fn(helpers, ...args)` with the {@link inPageHelpers} in the page; it
 * throws {@link NO_LIBRARY} until {@link BrowserDriver} has injected the library into the document.
 */
function withHelpers<A extends unknown[]>(
  fn: (helpers: InPageHelpers, ...args: A) => unknown,
  ...args: A
): string {
  const json = args.map((arg) => (arg === undefined ? 'undefined' : JSON.stringify(arg))).join(', ');
  return `(() => { const __name = (f) => f; if (!window.__accessibility) throw new Error('${NO_LIBRARY}'); const helpers = (${inPageHelpers.toString()})(); return (${fn.toString()})(helpers, ${json}); })()`;
}

/**
 * A minified IIFE bundle of `source` (an ES module, its imports resolved from the project's
 * node_modules) defining the global `name`, as a script for {@link EnginePage.evaluate} (esbuild);
 * `external` modules are left unbundled.
 */
export function bundle(source: string, name: string, external: string[] = []): string {
  return buildSync({
    stdin: { contents: source, resolveDir: process.cwd() },
    bundle: true,
    format: 'iife',
    globalName: name,
    platform: 'browser',
    external,
    minify: true,
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
}

let fakeTimers: string | undefined;
/** @sinonjs/fake-timers as a script defining `__fakeTimers`. */
const fakeTimersBundle = () =>
  // `util` is required only under Node (`_global.process`), never in a page.
  (fakeTimers ??= bundle("export { withGlobal } from '@sinonjs/fake-timers';", '__fakeTimers', ['util']));

let accessibility: string | undefined;
/**
 * Testing Library's queries and dom-accessibility-api's name function as a script that sets
 * `window.__accessibility` (in-page.ts's `AccessibilityLibrary`).
 */
const accessibilityScript = () =>
  (accessibility ??= `(() => { ${bundle(
    `export { queryAllByRole, queryAllByText, queryAllByLabelText } from '@testing-library/dom';
     export { computeAccessibleName } from 'dom-accessibility-api';`,
    '__accessibilityBundle',
  )}; window.__accessibility = __accessibilityBundle; })()`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a check of a navigation may go unanswered before it is sent again, in ms. WebKit loads each
 * test's page in a new web process (a process swap); a script sent while the navigation is still
 * provisional most likely reaches the process being left and is then never answered (seen as a stall
 * of the whole test, 117 s of one unanswered `executeScript`, on a loaded machine), while the same
 * script sent again reaches the new document.
 */
const NAVIGATION_CHECK_MS = 5_000;

/** `promise`, or a rejection once `ms` have passed without it settling. */
function answeredWithin<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The suite's browser interface, the same in every engine. Every query finds rendered elements only;
 * every wait polls from Node (no fixed sleeps) and throws a {@link WaitTimeoutError} naming what it
 * waited for. Methods that act on an element throw when no element matches.
 */
export class BrowserDriver {
  private readonly page: EnginePage;
  /** The command sent to the engine that has not answered yet, and since when (ms since the epoch). */
  private pending: { command: string; since: number } | null = null;

  constructor(
    /** The engine this page runs in. */
    readonly engine: EngineName,
    page: EnginePage,
  ) {
    // Each primitive notes itself while it waits for the engine, so a test that runs out of time can
    // say whether the browser stopped answering (and at what) or the page never showed what it waited for.
    const noted =
      <A extends unknown[]>(command: string, call: (...args: A) => Promise<unknown>) =>
      async (...args: A) => {
        const note = { command: `${command}(${String(args[0]).slice(0, 120)})`, since: Date.now() };
        this.pending = note;
        this.noteActivity();
        try {
          return await call(...args);
        } finally {
          if (this.pending === note) this.pending = null;
          this.noteActivity();
        }
      };
    this.page = {
      evaluate: noted('evaluate', page.evaluate),
      tap: noted('tap', page.tap) as EnginePage['tap'],
      press: noted('press', page.press) as EnginePage['press'],
      type: noted('type', page.type) as EnginePage['type'],
      navigate: noted('navigate', page.navigate) as EnginePage['navigate'],
      screenshot: noted('screenshot', page.screenshot) as EnginePage['screenshot'],
      close: noted('close', page.close) as EnginePage['close'],
    };
  }

  /** What {@link waitFor} is waiting for, and since when (ms since the epoch), or null. */
  private waiting: { what: string; since: number } | null = null;

  /** Notes the wait and the command in progress for the runner's watchdog ({@link WAITING_FILE}). */
  private noteActivity(): void {
    const at = (since: number) => new Date(since).toISOString();
    const parts = [
      this.waiting && `waiting for ${this.waiting.what} in ${this.engine} since ${at(this.waiting.since)}`,
      this.pending && `engine command ${this.pending.command} sent at ${at(this.pending.since)}`,
    ].filter(Boolean);
    noteWaiting(parts.length > 0 ? parts.join('; ') : null);
  }

  /** The engine command still unanswered, e.g. `evaluate((() => …)) unanswered for 61234 ms`, or null. */
  unansweredCommand(): string | null {
    return this.pending && `${this.pending.command} unanswered for ${Date.now() - this.pending.since} ms`;
  }

  /**
   * Loads `url` and waits until the page is loaded (`document.readyState` is 'complete'), or, with
   * `until: 'commit'`, only until the new document is there (for a page whose scripts are held).
   * @throws {WaitTimeoutError} after `timeoutMs` (default 30 000 ms).
   */
  async goto(url: string, options: { until?: 'commit' | 'load'; timeoutMs?: number } = {}): Promise<void> {
    const target = new URL(url).href;
    // Marks the document being left, so a page opened again at its own URL is not taken for the new one
    // (an engine whose navigation does not wait for the new document would otherwise see it at once).
    await this.evaluate(() => void Object.assign(window, { __engineLeftDocument: true })).catch(
      () => undefined,
    );
    await this.page.navigate(target);
    // What the last check saw, for the message of a wait that runs out.
    let seen = 'no answer';
    try {
      await this.waitFor(
        async () => {
          const shown = await answeredWithin(
            NAVIGATION_CHECK_MS,
            this.evaluate(() => ({
              left: '__engineLeftDocument' in window,
              href: location.href,
              readyState: document.readyState,
            })),
          );
          seen = `${shown.left ? 'the document left' : 'a new document'} at ${shown.href}, ${shown.readyState}`;
          return (
            !shown.left &&
            shown.href === target &&
            (options.until === 'commit' || shown.readyState === 'complete')
          );
        },
        { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
        `${url} to ${options.until === 'commit' ? 'open' : 'load'}`,
      );
    } catch (error) {
      if (error instanceof WaitTimeoutError) error.message += `; last seen: ${seen}`;
      throw error;
    }
  }

  /** The page's current URL (`location.href`). */
  url(): Promise<string> {
    return this.evaluate(() => location.href);
  }

  /** The page's viewport in CSS px (`innerWidth` × `innerHeight`): what the engine really gave. */
  viewport(): Promise<{ width: number; height: number }> {
    return this.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  }

  /**
   * Runs `fn(arg)` in the page and resolves with its result (awaited when it is a promise). `fn` is sent
   * as source: it may use only its argument and the page's globals; `arg` and the result must be JSON.
   */
  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return (await this.page.evaluate(callExpression(fn, [arg]))) as R;
  }

  /**
   * Runs `fn(helpers, arg)` in the page with the {@link InPageHelpers} (find by role and name, text,
   * label) and resolves with its JSON result: for reading a whole screen in one round trip.
   */
  async read<R, A>(fn: (helpers: InPageHelpers, arg: A) => R, arg: A): Promise<R> {
    return (await this.withLibrary(withHelpers(fn, arg))) as R;
  }

  /**
   * Replaces the page's timers and `Date` with a fake clock at `now` (ms since the epoch), from now
   * on: timers the page starts later run only when {@link tickClock} moves the clock. Animation
   * frames and the browser's own work stay real. Done again after each new document (a reload).
   */
  async installClock(now: number): Promise<void> {
    await this.page.evaluate(
      `(() => { if (window.__clock) return; ${fakeTimersBundle()}; window.__clock = __fakeTimers.withGlobal(window).install({ now: ${now}, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }); })()`,
    );
  }

  /**
   * Moves the fake clock of {@link installClock} `ms` (milliseconds) forward, running the timers that
   * fall due, and resolves with its time (ms since the epoch).
   * @throws when the page has no fake clock (a new document since {@link installClock}).
   */
  async tickClock(ms: number): Promise<number> {
    return (await this.page.evaluate(
      `(() => { if (!window.__clock) throw new Error('no fake clock in this document'); window.__clock.tick(${ms}); return window.__clock.now; })()`,
    )) as number;
  }

  /** Gives the page its own timers and `Date` back ({@link installClock}); nothing without a fake clock. */
  async uninstallClock(): Promise<void> {
    await this.page.evaluate('(() => { window.__clock?.uninstall(); delete window.__clock; })()');
  }

  /** How many timers are pending on the page's fake clock ({@link installClock}); 0 without one. */
  async pendingTimers(): Promise<number> {
    return (await this.page.evaluate(
      '(() => (window.__clock ? window.__clock.countTimers() : 0))()',
    )) as number;
  }

  /** Evaluates an expression of {@link withHelpers}, injecting the library into a new document first. */
  private async withLibrary(expression: string): Promise<unknown> {
    try {
      return await this.page.evaluate(expression);
    } catch (error) {
      if (!String(error instanceof Error ? error.message : error).includes(NO_LIBRARY)) throw error;
      await this.page.evaluate(accessibilityScript());
      return this.page.evaluate(expression);
    }
  }

  /** True when an element matching `query` is rendered now. */
  async isVisible(query: ElementQuery): Promise<boolean> {
    return (await this.withLibrary(
      withHelpers((helpers, q) => helpers.find(q) !== null, serialiseQuery(query)),
    )) as boolean;
  }

  /** How many rendered elements match `query` now. */
  async count(query: ElementQuery): Promise<number> {
    return (await this.withLibrary(
      withHelpers((helpers, q) => helpers.findAll(q).length, serialiseQuery(query)),
    )) as number;
  }

  /**
   * The rendered text of the element matching `query`, whitespace collapsed.
   * @throws when no element matches.
   */
  async text(query: ElementQuery): Promise<string> {
    const text = (await this.withLibrary(
      withHelpers((helpers, q) => {
        const element = helpers.find(q);
        return element ? helpers.textOf(element) : null;
      }, serialiseQuery(query)),
    )) as string | null;
    if (text === null) throw new Error(`No ${describeQuery(query)} on ${await this.url()}`);
    return text;
  }

  /**
   * Clicks the element matching `query` as a shopper would: waits up to `timeoutMs` (default 30 000)
   * for it to be rendered, scrolls it into the middle of the viewport at once, waits until it stands
   * still and nothing covers it (a sliding dialog), then presses its centre with the engine's pointer.
   * A visually hidden radio is pressed through its label.
   * @throws {WaitTimeoutError} when no such element shows; an error when it is still moving or covered
   * after 3 s, or the engine's when the press fails.
   */
  async click(query: ElementQuery, options: WaitOptions = {}): Promise<void> {
    await this.waitForElement(query, options);
    const q = serialiseQuery(query);
    const { problem, x, y } = (await this.withLibrary(
      withHelpers((helpers, sq, maxMs) => helpers.prepareClick(sq, maxMs), q, 3_000),
    )) as ClickPoint;
    // A press at a point that something else covers would press that instead. One still moving after
    // 3 s (an animation slowed by a busy machine) is pressed where the last frame had it, uncovered.
    if (problem.startsWith('covered')) throw new Error(`Could not click ${describeQuery(query)}: ${problem}`);
    await this.page.tap(x, y);
  }

  /**
   * Runs `script`, the text of a classic script that declares the global `global` (`var global = …`,
   * as a library's IIFE build does), in the page as a `<script>` of its own would, and keeps that global
   * on `window`: a library a shop owner adds. The automation runs it, so the page's Content Security
   * Policy, which the owner would extend for their script, does not apply.
   */
  async load(script: string, global: string): Promise<void> {
    await this.page.evaluate(`(() => { ${script}\n; window[${JSON.stringify(global)}] = ${global}; })()`);
  }

  /** Presses `key` where the focus is, with the engine's keyboard. */
  press(key: KeyPress): Promise<void> {
    return this.page.press(key);
  }

  /**
   * Types `value` into the empty form field labelled `label` (its visible `<label>` text, exactly),
   * after scrolling it into view.
   * @throws {WaitTimeoutError} when no such field shows within 10 s.
   */
  async fill(label: string, value: string): Promise<void> {
    const query: ElementQuery = { label };
    await this.waitForElement(query);
    const q = serialiseQuery(query);
    await this.withLibrary(withHelpers((helpers, sq, maxMs) => helpers.prepareClick(sq, maxMs), q, 1_000));
    await this.page.type(
      withHelpers((helpers, sq) => helpers.find(sq), q),
      value,
    );
  }

  /**
   * Waits until an element matching `query` is rendered.
   * @throws {WaitTimeoutError} after `timeoutMs` (default 30 000 ms).
   */
  async waitForElement(query: ElementQuery, options: WaitOptions = {}): Promise<void> {
    await this.waitFor(() => this.isVisible(query), options, describeQuery(query));
  }

  /**
   * Polls `condition` every `intervalMs` (default 50) until it returns something other than `false`,
   * `null` or `undefined`, and resolves with that. A check that throws (the page is between documents)
   * counts as not yet.
   * @throws {WaitTimeoutError} `waiting for <what>` after `timeoutMs` (default 30 000 ms), with the last
   * error a check threw.
   */
  async waitFor<T>(
    condition: () => Promise<T | false | null | undefined>,
    options: WaitOptions = {},
    what = 'a condition',
  ): Promise<T> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const end = Date.now() + timeoutMs;
    const outer = this.waiting;
    this.waiting = { what, since: Date.now() };
    this.noteActivity();
    let lastError: unknown;
    try {
      for (;;) {
        try {
          const result = await condition();
          if (result !== false && result !== null && result !== undefined) return result;
        } catch (error) {
          lastError = error;
        }
        if (Date.now() >= end) {
          const cause = lastError instanceof Error ? `; last error: ${lastError.message.split('\n')[0]}` : '';
          throw new WaitTimeoutError(`Waited ${timeoutMs} ms for ${what} in ${this.engine}${cause}`);
        }
        await sleep(options.intervalMs ?? 50);
      }
    } finally {
      this.waiting = outer;
      this.noteActivity();
    }
  }

  /** The viewport as the engine renders it, a PNG (a failing session's last screen). */
  screenshot(): Promise<Buffer> {
    return this.page.screenshot();
  }

  /** Closes the page. */
  close(): Promise<void> {
    return this.page.close();
  }
}
