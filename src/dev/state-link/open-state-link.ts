/**
 * Any state of the chart, live, from a URL: on the dev server, `/?state=<machine>.<state
 * path>` opens the shop in that state, e.g. `/?state=storefront.cart.open.browsing`,
 * `/checkout?state=checkout.confirmed`. The page plays the model's shortest path to the state
 * (./state-links.generated.ts) through the real machines: the events a shopper's controls send, the
 * checkout download's outcome as the machine's own done or error event, and each delay as the
 * machines' clock moving on (./page-clock.ts). So the page shows what the state gallery's picture of
 * that state shows (docs/states.md), and then goes on as the shop does, in real time; with `&hold`
 * the clock stays paused there, so a state that lasts 3 s stays. An unknown state, or a path that ends
 * elsewhere, gets a message listing the valid links (./state-link-message.ts).
 *
 * Dev server only: src/boot/start.tsx loads this module behind `import.meta.env.DEV`, so a production
 * build has none of it and ignores the parameter. The link's parameters leave the address bar once
 * read, so a reload (the shop's own, into a new release or the checkout) opens the shop as it is.
 * With `npm run dev:inspect` the events reach the Stately inspector as every other event does.
 */
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, Observer, StateValue } from 'xstate';
import { CheckoutLoadError } from '@machines/checkout-load-failure';
import { checkoutInputFor } from '@machines/checkout-input';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { attachDevTool } from '@/lib/dev-actor-options';
import { nextTask } from '@/lib/after-next-paint';
import { onlyStartedActors } from '@/lib/inspector';
import { PageClock } from './page-clock';
import {
  stateLinkName,
  type LinkEvent,
  type LinkedMachine,
  type StateLink,
  type StateLinkStep,
} from './state-link-plan';
import { STATE_LINKS } from './state-links.generated';
import { showStateLinkMessage } from './state-link-message';

/** The URL parameter naming the state, and the one that keeps the clock paused there. */
export const STATE_PARAMETER = 'state';
export const HOLD_PARAMETER = 'hold';

/** What a link needs of the router: a navigation with navigation state (React Router's `navigate`). */
export interface LinkRouter {
  navigate: (to: string, options: { state: unknown }) => Promise<void>;
}

/** An opened link, ready once the app is mounted: {@link OpenedStateLink.play} plays its path. */
export interface OpenedStateLink {
  readonly name: string;
  readonly clock: PageClock;
  /** Takes the link's observer and clock off the actors created afterwards (tests; a page keeps them). */
  detach: () => void;
  /** Plays the path; resolves once the state is shown (or the message saying why not). Never rejects. */
  play: (router: LinkRouter) => Promise<void>;
}

/** The app's root actors as they start, by machine; awaits the one a step needs. */
class StartedActors implements Observer<InspectionEvent> {
  readonly #latest = new Map<string, AnyActorRef>();
  #waiting: Array<{
    machine: string;
    after: AnyActorRef | undefined;
    resolve: (actor: AnyActorRef) => void;
  }> = [];

  next(event: InspectionEvent): void {
    const actor = event.actorRef as AnyActorRef;
    if (event.type !== '@xstate.actor' || event.rootId !== actor.sessionId) return;
    const machine = (actor.getSnapshot() as Partial<AnyMachineSnapshot>).machine?.id;
    if (machine === undefined) return;
    this.#latest.set(machine, actor);
    this.#waiting = this.#waiting.filter((waiter) => {
      if (waiter.machine !== machine || waiter.after === actor) return true;
      waiter.resolve(actor);
      return false;
    });
  }

  /** The latest started actor of `machine`, if any. */
  latest(machine: LinkedMachine): AnyActorRef | undefined {
    return this.#latest.get(machine);
  }

  /** The started actor of `machine`: the latest, unless it is `after`, else the next to start. */
  started(machine: LinkedMachine, after?: AnyActorRef): Promise<AnyActorRef> {
    const latest = this.#latest.get(machine);
    if (latest && latest !== after) return Promise.resolve(latest);
    return new Promise((resolve) => this.#waiting.push({ machine, after, resolve }));
  }
}

/** A state path as the state value `snapshot.matches` takes: `['cart', 'open']` → `{ cart: 'open' }`. */
const stateValueOf = (path: readonly string[]): StateValue =>
  path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1)!);

/** Every link, as the message lists them. */
const validLinks = () =>
  Object.entries(STATE_LINKS).map(([name, link]) => ({
    name,
    href: `${link.route}?${STATE_PARAMETER}=${name}`,
  }));

/** The started actor of `machine`. @throws when it has not started (a step out of place). */
function startedActor(actors: StartedActors, machine: LinkedMachine): AnyActorRef {
  const actor = actors.latest(machine);
  if (!actor) throw new Error(`No ${machine} actor has started`);
  return actor;
}

/**
 * Plays one step; see {@link StateLinkStep}. Every step but `order` runs at once, so a path's steps run
 * in one task up to its next `order`: nothing else settles in between, not even the real download
 * that `checkout.proceed` starts, which the path's `download` step ends instead (leaving the state
 * stops the real one, whose result then goes nowhere).
 */
function playStep(
  step: StateLinkStep,
  { actors, clock, router }: { actors: StartedActors; clock: PageClock; router: LinkRouter },
): Promise<void> | undefined {
  switch (step.kind) {
    case 'send':
      startedActor(actors, step.machine).send(step.event);
      return;
    case 'wait':
      clock.advance(step.ms);
      return;
    case 'download':
      startedActor(actors, 'storefront').send(
        step.outcome === 'loaded'
          ? { type: 'xstate.done.actor.loadCheckout', output: undefined }
          : { type: 'xstate.error.actor.loadCheckout', error: new CheckoutLoadError(step.outcome) },
      );
      return;
    case 'order':
      return submitOrder(step.events, { actors, router });
  }
}

/** The `order` step: to /checkout with the storefront's cart, then the checkout's events. */
async function submitOrder(
  events: readonly LinkEvent[],
  { actors, router }: { actors: StartedActors; router: LinkRouter },
): Promise<void> {
  const { colourId, cartCount } = (startedActor(actors, 'storefront').getSnapshot() as StorefrontSnapshot)
    .context;
  const previous = actors.latest('checkout');
  await router.navigate('/checkout', { state: checkoutInputFor(colourId, cartCount) });
  const checkout = await actors.started('checkout', previous);
  // React's commit (and StrictMode's second run of its effects) ends before the shopper types.
  await nextTask();
  for (const event of events) checkout.send(event);
}

/**
 * Reads the page's URL: with no `state` parameter, returns null and changes nothing. With an unknown
 * state, shows the message listing the valid ones and returns null. Otherwise readies the link before
 * the app mounts: the page starts afresh at the link's route (with its checkout cart as navigation
 * state), and the actors created from now on get the link's observer and its held clock.
 */
export function openStateLink(): OpenedStateLink | null {
  const params = new URLSearchParams(window.location.search);
  const name = params.get(STATE_PARAMETER);
  if (name === null) return null;
  const link: StateLink | undefined = Object.hasOwn(STATE_LINKS, name) ? STATE_LINKS[name] : undefined;
  if (!link) {
    showStateLinkMessage({
      title: `No state '${name}' to open`,
      detail: `A state link names a machine and a state path, e.g. ${STATE_PARAMETER}=storefront.cart.open.browsing. The states are:`,
      links: validLinks(),
    });
    return null;
  }
  const hold = params.has(HOLD_PARAMETER);
  params.delete(STATE_PARAMETER);
  params.delete(HOLD_PARAMETER);
  const search = params.size ? `?${params}` : '';
  window.history.replaceState(
    link.route === '/checkout' ? { usr: link.checkoutInput, key: 'state-link', idx: 0 } : null,
    '',
    `${link.route}${search}${window.location.hash}`,
  );
  const clock = new PageClock();
  const actors = new StartedActors();
  const detach = attachDevTool({ observer: onlyStartedActors(actors), clock, hold });
  return {
    name: stateLinkName(link),
    clock,
    detach,
    play: async (router) => {
      try {
        await actors.started(link.machine);
        await nextTask();
        for (const step of link.steps) {
          // Only an `order` step waits: awaiting the others would let the real download settle.
          const pending = playStep(step, { actors, clock, router });
          if (pending) await pending;
        }
        // At once: the shop goes on from here (a download ends, a page navigates) unless held.
        const snapshot = startedActor(actors, link.machine).getSnapshot() as AnyMachineSnapshot;
        if (!snapshot.matches(stateValueOf(link.path)))
          showStateLinkMessage({
            title: `The path to '${name}' ended elsewhere`,
            detail: `The ${link.machine} machine is in ${JSON.stringify(snapshot.value)}. Open a state:`,
            links: validLinks(),
          });
      } catch (error) {
        showStateLinkMessage({
          title: `The path to '${name}' failed`,
          detail: `${String(error)}. Open a state:`,
          links: validLinks(),
        });
      } finally {
        if (!hold) clock.release();
      }
    },
  };
}
