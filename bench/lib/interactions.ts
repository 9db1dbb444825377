/**
 * Interaction latency of the landing and checkout pages, as a shopper's finger feels it: raw touch
 * taps (CDP touch events through `page.touchscreen`, 412×823, device scale 1.75) in the system
 * Chromium with the CPU slowed over CDP to a calibrated profile's rate
 * (bench/lib/cpu-calibration.ts), and the browser's Event Timing API (`PerformanceObserver` type
 * `event`, the entries INP is made of) reports each interaction's duration from the input's timestamp
 * to the next paint after its handlers, in ms (Chromium rounds it to 8 ms; entries under 16 ms are not
 * reported, shown as 16).
 *
 * The journey finds, waits for and scrolls to its targets with the test house's queries through
 * `page.evaluate` (bench/lib/dom.ts), never with Playwright's locators or `waitForFunction`: those
 * create Playwright's injected script, whose capture listeners for pointer, mouse and touch events
 * would run inside every measured tap. Each target is located before its measurement starts.
 *
 * Each interaction is split into the three phases web-vitals' `onINP` attribution names, read from
 * its longest entry (for a tap, usually `click`): input delay (input → its handlers start; for a
 * click this includes the pointer, touch and mouse events dispatched before it and the frame between),
 * processing (its handlers, i.e. React's synchronous render and commit) and presentation (→ next
 * paint: style, layout, paint, including any rules styled-components inserted).
 * The long animation frame (`long-animation-frame`, frames over 50 ms) in which the handlers end gives
 * the style and layout share of that frame (`styleAndLayout`, ms: the frame's own style/layout plus
 * layout forced by scripts; 0 when the frame was not long).
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { SHOPPER_DETAILS } from '@support/shopper-details.ts';
import { shopQueries } from '@support/shop-page.ts';
import { en } from '@support/shop-texts.ts';
import type { ElementQuery } from '@support/browsers/in-page.ts';
import { fillFields, locate, waitForElement, waitInPage, type WaitInPageOptions } from './dom.ts';
import type { EventEntry, FrameEntry } from './page-globals.ts';
import {
  FLOOR_TAP,
  FLOORS,
  REACT_CLOSE_MODAL_FLOOR_TAP,
  REACT_FLOOR_TAP,
  REACT_IMAGE_FLOOR_TAP,
  REACT_MODAL_FLOOR_TAP,
  REACT_SUBMIT_FLOOR_TAP,
  type TapFloor,
} from './shared-names.ts';
import { newBenchContext } from './browser-context.ts';

/** One interaction's Event Timing duration and its phases, ms; `under16` when no entry was reported. */
export interface InteractionSample {
  readonly duration: number;
  readonly inputDelay: number;
  readonly processing: number;
  readonly presentation: number;
  readonly styleAndLayout: number;
  readonly under16: boolean;
}

/** One journey's interactions by name ({@link INTERACTIONS}). */
export type JourneyResult = Record<string, InteractionSample>;

/**
 * A step of {@link JOURNEY}: `name` is the row's label; `floor` the floor row of its kind, measured in
 * the same run, that its median is judged against (bench/lib/targets.ts `FLOOR_TARGETS`); `target` the
 * element tapped, or `key` a key pressed; `before` and `after` run outside the measurement.
 */
export type JourneyStep = {
  readonly name: string;
  readonly floor: TapFloor;
  readonly before?: (page: Page) => Promise<unknown>;
  readonly after?: (page: Page) => Promise<unknown>;
} & ({ readonly target: ElementQuery; readonly key?: undefined } | { readonly key: string; readonly target?: undefined });

/** A journey step that taps an element. */
export type TapStep = Extract<JourneyStep, { target: ElementQuery }>;

/** Event Timing's entry with the field Chromium adds (not yet in TypeScript's DOM types). */
type EventTiming = PerformanceEventTiming & { readonly interactionId?: number };
/** A long animation frame's entry (Chromium only; not yet in TypeScript's DOM types), ms. */
interface LongAnimationFrame extends PerformanceEntry {
  readonly styleAndLayoutStart: number;
  readonly renderStart: number;
  readonly blockingDuration: number;
  readonly scripts: readonly { readonly forcedStyleAndLayoutDuration: number }[];
}

/** Mobile emulation used for every interaction run (Lighthouse's mobile viewport). */
export const TOUCH_DEVICE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** Installed before any page script: collects Event Timing and long-animation-frame entries. */
function installObservers(): void {
  const store: { events: EventEntry[]; frames: FrameEntry[] } = { events: [], frames: [] };
  window.__bench = store;
  // The cast: Event Timing's `durationThreshold` is not yet in TypeScript's DOM types.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as EventTiming[]) {
      if (!entry.interactionId) continue;
      store.events.push({
        interactionId: entry.interactionId,
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LongAnimationFrame[]) {
        store.frames.push({
          startTime: entry.startTime,
          duration: entry.duration,
          styleAndLayoutStart: entry.styleAndLayoutStart,
          renderStart: entry.renderStart,
          blockingDuration: entry.blockingDuration,
          forcedStyleAndLayout: entry.scripts.reduce((sum, script) => sum + script.forcedStyleAndLayoutDuration, 0),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Long animation frames are Chromium-only; the phases do not need them.
  }
}

/**
 * Resolves once the prerendered markup is hydrated: #root's elements carry React's fiber and every
 * button, link and form control in #root has React's props (so its handlers are attached). The time
 * it first held (`performance.now()`, ms) is left in `window.__hydratedAt`. Polls every `polling` ms
 * with a timer in the page (bench/lib/dom.ts `waitInPage`, not Playwright's `waitForFunction`).
 * @throws (rejects) when the page is not hydrated within `timeout` ms
 */
export async function waitForHydration(
  page: Page,
  { timeout = 30_000, polling = 50 }: WaitInPageOptions = {},
): Promise<void> {
  await waitInPage(
    page,
    () => {
      const first = document.querySelector('#root > *');
      const controls = document.querySelectorAll('#root button, #root a, #root input');
      const owns = (node: Element, prefix: string) => Object.keys(node).some((k) => k.startsWith(prefix));
      const done =
        first !== null && owns(first, '__reactFiber$') && [...controls].every((c) => owns(c, '__reactProps$'));
      if (done && window.__hydratedAt === undefined) window.__hydratedAt = performance.now();
      return done;
    },
    undefined,
    { timeout, polling },
  );
}

/** Waits two frames and `ms` more so the Event Timing entries of the last interaction are delivered. */
async function settle(page: Page, ms = 250): Promise<void> {
  await page.evaluate(
    (wait) =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, wait))),
      ),
    ms,
  );
}

/**
 * Runs `act` and returns the interaction it caused: the longest Event Timing duration among the new
 * entries (all entries of one tap share an `interactionId`), with its phases in ms.
 */
async function measure(page: Page, act: () => Promise<unknown>): Promise<InteractionSample> {
  const before = await page.evaluate(() => window.__bench?.events.length ?? 0);
  const wallStart = await page.evaluate(() => performance.now());
  await act();
  await settle(page);
  const { events, frames } = await page.evaluate(
    ([from, since]) => ({
      events: window.__bench?.events.slice(from) ?? [],
      frames: window.__bench?.frames.filter((f) => f.startTime + f.duration >= since) ?? [],
    }),
    [before, wallStart] as const,
  );
  if (events.length === 0) return { duration: 16, inputDelay: 0, processing: 0, presentation: 0, styleAndLayout: 0, under16: true };
  const longest = events.reduce((a, b) => (b.duration > a.duration ? b : a));
  // Phases of the longest entry itself (for a tap, usually `click`): its input delay includes the
  // handlers and the frame of the pointer/touch/mouse events the browser dispatched before it.
  const { processingStart, processingEnd } = longest;
  const end = longest.startTime + longest.duration;
  const frame = frames.find((f) => f.startTime <= processingEnd && f.startTime + f.duration >= processingEnd);
  return {
    duration: longest.duration,
    inputDelay: processingStart - longest.startTime,
    processing: processingEnd - processingStart,
    presentation: Math.max(0, end - processingEnd),
    styleAndLayout: frame
      ? frame.startTime + frame.duration - frame.styleAndLayoutStart + frame.forcedStyleAndLayout
      : 0,
    under16: false,
  };
}

/** The journey's first target: locating it loads the test house's queries into the page. */
export const FIRST_TARGET: ElementQuery = shopQueries.colour('ocean-blue');

/**
 * The taps of one shopper journey, in order: landing page (colours, quantity, cart), then checkout
 * (client-side navigation through 'Proceed to Checkout'). `name` is the bench's row label; `floor` the
 * floor of the tap's kind (the platform primitive it pays for: a colour swaps the hero's image, the
 * cart opens and closes a modal dialog, 'Complete Order' submits the form; the others the React
 * floor); `target` the element tapped (the page object's query, tests/support/shop-page.ts), or `key`
 * a key pressed; `before` and `after` run outside the measurement. Shared with bench/tap-cpu.ts.
 */
export const JOURNEY: readonly JourneyStep[] = [
  { name: 'colour: swatch Ocean Blue', floor: REACT_IMAGE_FLOOR_TAP, target: FIRST_TARGET },
  {
    name: 'colour: showcase card Sunset Orange',
    floor: REACT_IMAGE_FLOOR_TAP,
    target: shopQueries.colour('sunset-orange', 'showcase'),
  },
  { name: 'quantity +', floor: REACT_FLOOR_TAP, target: shopQueries.increaseQuantity },
  { name: 'quantity −', floor: REACT_FLOOR_TAP, target: shopQueries.decreaseQuantity },
  { name: 'Add to Cart', floor: REACT_FLOOR_TAP, target: shopQueries.addToCart(1) },
  { name: 'open cart (cart button)', floor: REACT_MODAL_FLOOR_TAP, target: shopQueries.cartButton(1) },
  {
    name: 'close cart (Continue Shopping)',
    floor: REACT_CLOSE_MODAL_FLOOR_TAP,
    target: shopQueries.closeCart(1),
  },
  { name: 'Buy Now (opens cart)', floor: REACT_MODAL_FLOOR_TAP, target: shopQueries.buyNow },
  {
    name: 'Proceed to Checkout',
    floor: REACT_FLOOR_TAP,
    target: shopQueries.proceed,
    // The chunk preloads when the cart opens; measure the tap, not the network.
    before: (page) => page.waitForLoadState('networkidle'),
    after: async (page) => {
      await waitForElement(page, { role: 'heading', level: 1, name: en.checkout.title });
      await waitForHydration(page);
    },
  },
  {
    name: 'shipping method Express',
    floor: REACT_FLOOR_TAP,
    // Its name in the card, where a thumb lands (and what every earlier figure tapped); the page
    // object presses the radio itself.
    target: { text: en.checkout.shippingMethod.methods.express.name },
  },
  {
    name: 'focus a field (tap Email)',
    floor: REACT_FLOOR_TAP,
    target: shopQueries.field(en.checkout.contact.email),
  },
  { name: 'typing in a field (one key)', floor: REACT_FLOOR_TAP, key: 's' },
  {
    name: 'submit (Complete Order)',
    floor: REACT_SUBMIT_FLOOR_TAP,
    target: shopQueries.submit,
    before: async (page) => {
      await fillFields(page, SHOPPER_DETAILS);
      await settle(page, 100);
    },
  },
];

/**
 * The floors under every tap: the same tap on a plain button (48 px tall, system font) whose handler
 * changes one line of text, at the same CPU rate. {@link FLOOR_TAP}: on a page with nothing else and
 * no framework, what the browser's own touch, mouse and click dispatch and one frame cost, which no
 * page can go below.
 * {@link REACT_FLOOR_TAP}: two such buttons and their line rendered by React (`createRoot`, a
 * `useState` counter, production build) above as many other elements as the journey's `/` has, which
 * React rendered once and never again (a memoised component), tapped in turn: what the fixed stack and
 * a page of the shop's size cost before any of the shop's own work. Each of its taps lands on another
 * button than the last, as every tap of the journey does, so it pays as they do for the pointer's
 * crossing, the focus moving and the `:hover` and `:active` styles changing, which a second tap on the
 * same button does not. These two: the median of five taps after a first, which also pays for the
 * page's first input.
 * The floor of each other kind of tap ({@link TapFloor}) is that React page with a second React button
 * whose state change does, with the browser's own styles and none of the shop's, only the platform
 * work the kind's taps do: what that primitive costs on top of the stack before the shop's content
 * and styles. It is the first such tap of a new page, as the journey's are (a page's first modal open
 * costs more than its later ones), after as many taps on the page's other button as the React floor
 * takes: the first pays for the page's first input and React's first effect, and the rest bring the
 * page to the state the React floor's measured taps are in, so a primitive's floor differs from the
 * React floor by its primitive alone; of five pages, the tap of median duration.
 * {@link REACT_MODAL_FLOOR_TAP}: the button opens a native `<dialog>` (a heading, a line, a close
 * button) with `showModal()` in React's effect, as the cart does: top layer, the page made inert,
 * focus moved in.
 * {@link REACT_CLOSE_MODAL_FLOOR_TAP}: once that dialog is open, its close button closes it with
 * `close()` in React's effect, as 'Continue Shopping' closes the cart (which has no closing
 * animation): the page made live again, focus returned to the opener, the dialog's `close` event.
 * {@link REACT_SUBMIT_FLOOR_TAP}: the button submits a small form (three filled `required` inputs)
 * with `requestSubmit()`, whose `onSubmit` prevents the page load and sets state: the form's
 * submission (constraint validation, then the `submit` event), which 'Complete Order', a
 * `type="submit"` button, starts by its activation.
 * {@link REACT_IMAGE_FLOOR_TAP}: the button swaps an `<img>` keyed by its colour, with `srcset` and
 * `sizes`, as the hero's image is, for the other colour's: two small WebP images in two widths, drawn
 * in the page and decoded before its first tap, so the floor is the swap and no download or decode.
 */
const FLOOR_HEAD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><style>button{font:16px system-ui;min-height:48px;padding:12px 20px}img{max-width:100%;height:auto}</style></head>`;
const FLOOR_PAGE = `${FLOOR_HEAD}<body><h1>Floor</h1><p id="count">0</p><button type="button">Add</button><script>document.querySelector('button').addEventListener('click', () => { const count = document.getElementById('count'); count.textContent = String(Number(count.textContent) + 1); });</script></body></html>`;

/**
 * What a React floor page holds besides its button: nothing ({@link REACT_FLOOR_TAP}), the modal
 * dialog, the form or the image of the other floors.
 */
type FloorPageKind = 'react' | 'modal' | 'form' | 'image';

/**
 * The elements of each kind of floor page's body besides the filler: #root, main, h1, p, two buttons
 * and the script; the modal's button, dialog, heading, line and close button; the form, its three labels
 * and inputs, its line and submit button; the image's button and image.
 */
const OWN_ELEMENTS: Record<FloorPageKind, number> = { react: 7, modal: 12, form: 16, image: 9 };

let reactFloorScript: string | undefined;
/**
 * {@link REACT_FLOOR_TAP}'s page with `elements` elements in its body, and the controls of `kind`:
 * React's production build, bundled by esbuild.
 */
function reactFloorPage(elements: number, kind: FloorPageKind = 'react'): string {
  reactFloorScript ??= buildSync({
    stdin: {
      contents: `import { createElement as h, memo, useEffect, useRef, useState } from 'react';
        import { createRoot } from 'react-dom/client';
        const Filler = memo(({ count }) => Array.from({ length: count }, (_, i) => h('p', { key: i }, 'Line ' + (i + 1))));
        function Modal() {
          const [open, setOpen] = useState(false);
          const dialog = useRef(null);
          useEffect(() => {
            if (open && !dialog.current.open) dialog.current.showModal();
            if (!open && dialog.current.open) dialog.current.close();
          }, [open]);
          return [
            h('button', { key: 'open', type: 'button', id: 'open', onClick: () => setOpen(true) }, 'Open'),
            h('dialog', { key: 'dialog', ref: dialog, onClose: () => setOpen(false) }, h('h2', null, 'Dialog'), h('p', null, 'Line'),
              h('button', { type: 'button', id: 'close', onClick: () => setOpen(false) }, 'Close')),
          ];
        }
        const FIELDS = [['email', 'email', 'shopper@example.com'], ['name', 'text', 'Sam Shopper'],
          ['address', 'text', '1 Main Street']];
        function SubmitForm() {
          const [submits, setSubmits] = useState(0);
          const form = useRef(null);
          const submit = (event) => { event.preventDefault(); setSubmits((count) => count + 1); };
          return h('form', { method: 'post', ref: form, onSubmit: submit },
            FIELDS.map(([name, type, value]) =>
              h('label', { key: name }, name, h('input', { name, type, defaultValue: value, required: true }))),
            h('p', { 'data-submits': submits }, String(submits)),
            h('button', { type: 'button', id: 'submit', onClick: () => form.current.requestSubmit() }, 'Submit'));
        }
        // The hero's sizes; the image's width and height are the hero's too.
        const SIZES = '(min-width: 768px) 420px, calc(100vw - 5rem)';
        function Swap({ images }) {
          const [colour, setColour] = useState(0);
          return [
            h('button', { key: 'swap', type: 'button', id: 'swap', onClick: () => setColour((other) => 1 - other) }, 'Swap'),
            h('img', { key: colour, ...images[colour], sizes: SIZES, width: 480, height: 480, alt: 'Colour ' + (colour + 1),
              decoding: 'async', 'data-colour': colour }),
          ];
        }
        const WIDTHS = [64, 128];
        function webp(colour, width) {
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = width;
          const context = canvas.getContext('2d');
          context.fillStyle = colour;
          context.beginPath();
          context.arc(width / 2, width / 2, width * 0.4, 0, 2 * Math.PI);
          context.fill();
          return canvas.toDataURL('image/webp');
        }
        const KINDS = { modal: Modal, form: SubmitForm, image: Swap };
        function Floor({ filler, kind, images }) {
          const [taps, setTaps] = useState(0);
          // A primitive's floor's first tap runs React's effect code too, as every tap before the shop's does.
          useEffect(() => { if (kind !== 'react') document.body.dataset.taps = String(taps); }, [kind, taps]);
          const Kind = KINDS[kind];
          return h('main', null, h('h1', null, 'Floor'), h('p', null, String(taps)),
            h('button', { type: 'button', id: 'add', onClick: () => setTaps((count) => count + 1) }, 'Add'),
            h('button', { type: 'button', id: 'again', onClick: () => setTaps((count) => count + 1) }, 'Add again'),
            Kind ? h(Kind, { images }) : null, h(Filler, { count: filler }));
        }
        const root = document.getElementById('root');
        const kind = root.dataset.kind;
        const render = (images) => createRoot(root).render(h(Floor, { filler: Number(root.dataset.filler), kind, images }));
        if (kind === 'image') {
          const candidates = ['#1d6fb8', '#e8692c'].map((colour) => WIDTHS.map((width) => ({ url: webp(colour, width), width })));
          const images = candidates.map((list) =>
            ({ src: list.at(-1).url, srcSet: list.map(({ url, width }) => url + ' ' + width + 'w').join(', ') }));
          // Every candidate decoded, and kept, before the first render: the swap neither fetches nor decodes.
          window.floorImages = candidates.flat().map(({ url }) => Object.assign(new Image(), { src: url }));
          Promise.all(window.floorImages.map((image) => image.decode())).then(() => render(images));
        } else render();`,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
    },
    bundle: true,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]?.text;
  const filler = Math.max(0, elements - OWN_ELEMENTS[kind]);
  return `${FLOOR_HEAD}<body><div id="root" data-filler="${filler}" data-kind="${kind}"></div><script>${reactFloorScript}</script></body></html>`;
}

/** Rows of the interaction tables: the names of {@link JOURNEY} in order, then the floors. */
export const INTERACTIONS: readonly string[] = [...JOURNEY.map(({ name }) => name), ...FLOORS];

/** Taps measured on a floor page per journey: the floor's median tap, steadier than one tap. */
const FLOOR_TAPS = 5;

/**
 * A new page of `context` holding the floor page `html`, Event Timing observed, once `selector`'s
 * element exists, its CPU slowed `cpuRate`× and settled.
 */
async function openFloorPage(context: BrowserContext, cpuRate: number, html: string, selector: string): Promise<Page> {
  const page = await context.newPage();
  await page.setContent(html);
  await page.evaluate(installObservers);
  await waitInPage(page, (query) => document.querySelector(query) !== null, selector);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await settle(page, 500);
  return page;
}

/** Of a floor's {@link FLOOR_TAPS} samples, the one of median duration. */
const medianSample = (samples: InteractionSample[]): InteractionSample =>
  samples.sort((a, b) => a.duration - b.duration)[Math.floor(FLOOR_TAPS / 2)]!;

/** Where the middle of `selector`'s element is on `page`, CSS px. */
function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  return page.evaluate((query) => {
    const box = document.querySelector(query)!.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, selector);
}

/**
 * The taps on the floor page `html`'s `buttons` (selectors), taken in turn, in a new page of
 * `context`, its CPU slowed `cpuRate`×: of {@link FLOOR_TAPS} taps after a first one, the one of
 * median duration (one tap per journey swung the floor by 2× between runs of the same build at the
 * same rate).
 */
async function measureFloorTap(
  context: BrowserContext,
  cpuRate: number,
  html: string,
  buttons: readonly string[],
): Promise<InteractionSample> {
  const page = await openFloorPage(context, cpuRate, html, buttons[0]!);
  try {
    const points = await Promise.all(buttons.map((button) => centreOf(page, button)));
    const tap = (index: number) => {
      const { x, y } = points[index % points.length]!;
      return () => page.touchscreen.tap(x, y);
    };
    // The page's first tap also pays for the browser's first input on it: not one of the floor's taps.
    await tap(0)();
    await settle(page);
    const samples: InteractionSample[] = [];
    for (let index = 1; index <= FLOOR_TAPS; index += 1) samples.push(await measure(page, tap(index)));
    return medianSample(samples);
  } finally {
    await page.close();
  }
}

/** A tap on a floor page: the selector of the element tapped, then one that matches once the tap is done. */
type FloorPageTap = readonly [tap: string, done: string];

/** The React floor page's two buttons, tapped in turn. */
const REACT_FLOOR_BUTTONS = ['#add', '#again'] as const;

/**
 * The taps on the page's other buttons before a primitive's: as many as the React floor takes on its
 * page, in the same turns, the first also paying for the page's first input and React's first effect.
 */
const WARM_UP: readonly FloorPageTap[] = Array.from({ length: FLOOR_TAPS + 1 }, (_, index) => [
  REACT_FLOOR_BUTTONS[index % REACT_FLOOR_BUTTONS.length]!,
  `body[data-taps="${index + 1}"]`,
]);

/**
 * The primitives' floors: each one's page, and its taps in order, of which the last is measured.
 */
const PRIMITIVE_FLOORS: Record<
  Exclude<TapFloor, typeof REACT_FLOOR_TAP>,
  { readonly kind: FloorPageKind; readonly taps: readonly FloorPageTap[] }
> = {
  [REACT_MODAL_FLOOR_TAP]: { kind: 'modal', taps: [...WARM_UP, ['#open', 'dialog[open]']] },
  [REACT_CLOSE_MODAL_FLOOR_TAP]: {
    kind: 'modal',
    taps: [...WARM_UP, ['#open', 'dialog[open]'], ['#close', 'dialog:not([open])']],
  },
  [REACT_SUBMIT_FLOOR_TAP]: { kind: 'form', taps: [...WARM_UP, ['#submit', '[data-submits="1"]']] },
  [REACT_IMAGE_FLOOR_TAP]: { kind: 'image', taps: [...WARM_UP, ['#swap', 'img[data-colour="1"]']] },
};

/**
 * A primitive's floor at `cpuRate`×: in a new page of `context` holding `html`, `taps` in turn, each
 * settled and checked done, the last one measured; of {@link FLOOR_TAPS} such pages, the tap of
 * median duration.
 * @throws (rejects) when a tap is not done: the floor would measure a tap that did nothing
 */
async function measurePrimitiveFloor(
  context: BrowserContext,
  cpuRate: number,
  html: string,
  taps: readonly FloorPageTap[],
): Promise<InteractionSample> {
  const samples: InteractionSample[] = [];
  for (let run = 0; run < FLOOR_TAPS; run += 1) {
    const page = await openFloorPage(context, cpuRate, html, taps.at(-1)![0]);
    try {
      for (const [index, [tap, done]] of taps.entries()) {
        const { x, y } = await centreOf(page, tap);
        const act = () => page.touchscreen.tap(x, y);
        if (index === taps.length - 1) samples.push(await measure(page, act));
        else {
          await act();
          await settle(page);
        }
        if (!(await page.evaluate((query) => document.querySelector(query) !== null, done)))
          throw new Error(`floor page: the tap on ${tap} left no ${done}`);
      }
    } finally {
      await page.close();
    }
  }
  return medianSample(samples);
}

/** The act of `step` to measure, its target located first (outside the measurement). */
async function prepareStep(page: Page, step: JourneyStep): Promise<() => Promise<void>> {
  if (step.key !== undefined) {
    const { key } = step;
    return () => page.keyboard.press(key);
  }
  const { x, y } = await locate(page, step.target);
  return () => page.touchscreen.tap(x, y);
}

/**
 * One journey in a fresh context: loads `origin` + `/`, waits for hydration, slows the CPU `cpuRate`×
 * (a multiplier, e.g. a calibrated profile's rate) and performs every tap of the journey, then
 * the floors ({@link FLOORS}), each in pages of its own.
 * @param origin e.g. http://127.0.0.1:4192
 * @returns per interaction name ({@link INTERACTIONS}), ms
 */
export async function runJourney(
  browser: Browser,
  origin: string,
  { cpuRate }: { cpuRate: number },
): Promise<JourneyResult> {
  const context = await newBenchContext(browser, TOUCH_DEVICE);
  await context.addInitScript(installObservers);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const results: JourneyResult = {};
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await waitForHydration(page);
    // The first query loads the test house's queries into the page: before anything is measured.
    await locate(page, FIRST_TARGET);
    const elements = await page.evaluate(() => document.body.querySelectorAll('*').length);
    await settle(page, 500);
    for (const step of JOURNEY) {
      await step.before?.(page);
      results[step.name] = await measure(page, await prepareStep(page, step));
      await step.after?.(page);
    }
    results[FLOOR_TAP] = await measureFloorTap(context, cpuRate, FLOOR_PAGE, ['button']);
    results[REACT_FLOOR_TAP] = await measureFloorTap(context, cpuRate, reactFloorPage(elements), REACT_FLOOR_BUTTONS);
    for (const [floor, { kind, taps }] of Object.entries(PRIMITIVE_FLOORS))
      results[floor] = await measurePrimitiveFloor(context, cpuRate, reactFloorPage(elements, kind), taps);
  } finally {
    await context.close();
  }
  return results;
}
