/**
 * Writes src/dev/state-link/state-links.generated.ts, the dev server's state links
 * (`/?state=<machine>.<state path>`, src/dev/state-link/open-state-link.ts): for every state of both
 * machines, the route it starts on and the model's shortest path to it (the state gallery's plan,
 * tests/support/visual/state-gallery.ts) as steps the page plays through the real machines. Reading the
 * same plan as the gallery and the visual baselines, a link shows what the state's picture shows;
 * tests/tooling/scripts/docs/generate-state-links.test.ts fails when the committed module is stale.
 *
 * Usage: `npm run docs:state-links` (writes the module).
 * @throws when a path has an event no step can play (a new kind of world event: teach {@link toSteps}).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import type { EventObject } from 'xstate';
import { CHECKOUT_FIELD_NAMES } from '@machines/checkout-form';
import { CHECKOUT_MODEL_INPUT, FORM_VALUES } from '@support/model/checkout-model';
import { pathEvents, type DerivedDelays } from '@support/model/derive-test-model';
import {
  CHECKOUT_LOADED,
  CHECKOUT_LOAD_FAILED,
  checkoutLoadFailureIn,
  storefront,
  type StorefrontModelEvent,
} from '@support/model/storefront-model';
import { checkout } from '@support/model/checkout-model';
import { galleryPlan, type GalleryState } from '@support/visual/state-gallery';
import {
  stateLinkName,
  type LinkEvent,
  type LinkedMachine,
  type StateLink,
  type StateLinkStep,
} from '@/dev/state-link/state-link-plan';

/** Where the module is written. */
export const STATE_LINKS_MODULE = fileURLToPath(
  new URL('../../src/dev/state-link/state-links.generated.ts', import.meta.url),
);

/** The checkout form as the shopper types it, in the page's order (the model's `form.fill`). */
const FORM_FILL: LinkEvent[] = CHECKOUT_FIELD_NAMES.map((name) => ({
  type: 'field.change',
  name,
  value: FORM_VALUES[name],
}));

/**
 * Where the module writes the form filled in, by reference to its one copy: `FORM_FILL` (the events)
 * and `FORM_FILL_STEPS` (each sent to the checkout), declared once at its top.
 */
const FORM_FILL_MARK = '@@FORM_FILL@@';
const FORM_FILL_STEPS_MARK = '@@FORM_FILL_STEPS@@';

/** An event's plain data: the link's JSON cannot carry anything else. */
function plainEvent(event: EventObject): LinkEvent {
  for (const [key, value] of Object.entries(event))
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`Event ${event.type} has a ${key} a state link cannot carry: ${String(value)}.`);
  return event as LinkEvent;
}

/**
 * A path's events as steps: delays as the clock moving on, the checkout download's outcome, the
 * storefront's `order.submitted` as the order submitted at /checkout, `form.fill` as each field typed.
 * @throws on the storefront events only the checkout page sends (`checkout.opened`, `checkout.left`,
 *   `order.placed`): a shortest path has none, and a link could not send them as the page does.
 */
function toSteps(
  machine: LinkedMachine,
  events: readonly EventObject[],
  delays: DerivedDelays,
): StateLinkStep[] {
  return events.flatMap((event): StateLinkStep[] => {
    const delay = delays.get(event.type);
    if (delay) return [{ kind: 'wait', delay: delay.delay, ms: delay.ms }];
    if (event.type === CHECKOUT_LOADED) return [{ kind: 'download', outcome: 'loaded' }];
    if (event.type === CHECKOUT_LOAD_FAILED) {
      const failure = checkoutLoadFailureIn(event as StorefrontModelEvent);
      if (!failure) throw new Error(`A failed download without its reason: ${JSON.stringify(event)}.`);
      return [{ kind: 'download', outcome: failure }];
    }
    // The marks stand for the form's events, written once in the module (see renderStateLinks).
    if (event.type === 'form.fill') return [FORM_FILL_STEPS_MARK as unknown as StateLinkStep];
    if (machine === 'storefront' && event.type === 'order.submitted')
      return [{ kind: 'order', events: [FORM_FILL_MARK as unknown as LinkEvent, { type: 'order.submit' }] }];
    if (machine === 'storefront' && ['checkout.opened', 'checkout.left', 'order.placed'].includes(event.type))
      throw new Error(`The checkout page sends ${event.type}: a state link cannot play it.`);
    return [{ kind: 'send', machine, event: plainEvent(event) }];
  });
}

/** A gallery state's link. */
export function stateLinkOf(state: GalleryState): StateLink {
  const machine = state.machine as LinkedMachine;
  const suite = machine === 'storefront' ? storefront : checkout;
  const node = state.path.state._nodes.find((candidate) => candidate.id === state.id);
  if (!node) throw new Error(`The path to ${machine} ${state.id} does not end in it.`);
  return {
    machine,
    path: node.path,
    ...(machine === 'checkout'
      ? { route: '/checkout', checkoutInput: CHECKOUT_MODEL_INPUT.checkoutInput }
      : { route: '/' }),
    steps: toSteps(machine, pathEvents(state.path), suite.delays),
  };
}

/** Where `npm run dev` serves the shop (Vite's default port). */
export const DEV_SERVER = 'http://localhost:5173';

/** A state's live link on the dev server, as Markdown: the link, and the same held there. */
export function liveLinkLine(state: GalleryState): string {
  const link = stateLinkOf(state);
  const url = `${DEV_SERVER}${link.route}?state=${stateLinkName(link)}`;
  return `Live with \`npm run dev\`: [\`${link.route}?state=${stateLinkName(link)}\`](${url}) ([held there](${url}&hold))`;
}

/** Every state's link by its name, as the module's source. */
export async function renderStateLinks(): Promise<string> {
  const links = Object.fromEntries(
    galleryPlan().states.map((state) => {
      const link = stateLinkOf(state);
      return [stateLinkName(link), link];
    }),
  );
  const source = [
    '// Generated by `npm run docs:state-links` (scripts/docs/generate-state-links.ts) from the model suites. Do not edit by hand.',
    "import type { LinkEvent, StateLink, StateLinkStep } from './state-link-plan';",
    '',
    "/** The checkout form as the model's shopper types it, in the page's order. */",
    `const FORM_FILL: readonly LinkEvent[] = ${JSON.stringify(FORM_FILL)};`,
    '/** The same, each sent to the checkout. */',
    "const FORM_FILL_STEPS: readonly StateLinkStep[] = FORM_FILL.map((event) => ({ kind: 'send', machine: 'checkout', event }));",
    '',
    '/** Every state of both machines: its link (./state-link-plan.ts), by the name a URL gives it. */',
    `export const STATE_LINKS: Readonly<Record<string, StateLink>> = ${JSON.stringify(links)
      .replaceAll(`"${FORM_FILL_MARK}"`, '...FORM_FILL')
      .replaceAll(`"${FORM_FILL_STEPS_MARK}"`, '...FORM_FILL_STEPS')};`,
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(STATE_LINKS_MODULE);
  return prettier.format(source, { ...options, parser: 'typescript' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(STATE_LINKS_MODULE, await renderStateLinks());
  console.log(`Wrote ${STATE_LINKS_MODULE}.`);
}
