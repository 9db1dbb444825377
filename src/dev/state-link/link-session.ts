/**
 * What a state link and a replay share (./open-state-link.ts, ./open-replay.ts): the page opened afresh
 * at a route, the app's actors given the link's observer and held page clock, and the steps
 * (./state-link-plan.ts) played through them.
 */
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, Observer } from 'xstate';
import { CheckoutLoadError } from '@machines/checkout-load-failure';
import { checkoutInputFor } from '@machines/checkout-input';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import { attachDevTool } from '@/lib/dev-actor-options';
import { nextTask } from '@/lib/after-next-paint';
import { onlyStartedActors } from '@/lib/inspector';
import { PageClock } from './page-clock';
import type { LinkEvent, LinkedMachine, StateLinkStep } from './state-link-plan';

/** What a link needs of the router: a navigation with navigation state (React Router's `navigate`). */
export interface LinkRouter {
  navigate: (to: string, options?: { state: unknown }) => Promise<void>;
}

/**
 * The app's root actors as they start, by machine; awaits the one a step needs, or an event one
 * receives (what the checkout page tells the storefront as it shows and goes).
 */
export class StartedActors implements Observer<InspectionEvent> {
  readonly #latest = new Map<string, AnyActorRef>();
  #waiting: Array<{
    machine: string;
    after: AnyActorRef | undefined;
    resolve: (actor: AnyActorRef) => void;
  }> = [];
  #listening: Array<{ machine: string; type: string; resolve: () => void }> = [];

  next(event: InspectionEvent): void {
    const actor = event.actorRef as AnyActorRef;
    if (event.rootId !== actor.sessionId) return;
    const machine = (actor.getSnapshot() as Partial<AnyMachineSnapshot>).machine?.id;
    if (machine === undefined) return;
    if (event.type === '@xstate.event') {
      const { type } = event.event;
      this.#listening = this.#listening.filter((listener) => {
        if (listener.machine !== machine || listener.type !== type) return true;
        listener.resolve();
        return false;
      });
    }
    if (event.type !== '@xstate.actor') return;
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

  /** Resolves when the root actor of `machine` next receives an event of `type`. */
  received(machine: LinkedMachine, type: string): Promise<void> {
    return new Promise((resolve) => this.#listening.push({ machine, type, resolve }));
  }

  /** The started actor of `machine`: the latest, unless it is `after`, else the next to start. */
  started(machine: LinkedMachine, after?: AnyActorRef): Promise<AnyActorRef> {
    const latest = this.#latest.get(machine);
    if (latest && latest !== after) return Promise.resolve(latest);
    return new Promise((resolve) => this.#waiting.push({ machine, after, resolve }));
  }
}

/** The started actor of `machine`. @throws when it has not started (a step out of place). */
export function startedActor(actors: StartedActors, machine: LinkedMachine): AnyActorRef {
  const actor = actors.latest(machine);
  if (!actor) throw new Error(`No ${machine} actor has started`);
  return actor;
}

/**
 * Plays one step; see {@link StateLinkStep}. Every step but `order`, `arrive` and `leave` runs at
 * once, so a path's steps run in one task up to the next page change: nothing else settles in between,
 * not even the real download that `checkout.proceed` starts, which the path's `download` step ends
 * instead (leaving the state stops the real one, whose result then goes nowhere).
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
    case 'arrive':
      return actors.received('storefront', 'checkout.opened').then(() => nextTask());
    case 'leave': {
      const left = actors.received('storefront', 'checkout.left');
      return router.navigate('/').then(() => left);
    }
  }
}

/** The checkout actor of the page shown now, or of the next checkout page to show. */
function activeCheckout(actors: StartedActors): Promise<AnyActorRef> {
  const latest = actors.latest('checkout');
  if (latest && (latest.getSnapshot() as AnyMachineSnapshot).status === 'active')
    return Promise.resolve(latest);
  return actors.started('checkout', latest);
}

/** The `order` step: to /checkout with the storefront's cart (unless there), then the checkout's events. */
async function submitOrder(
  events: readonly LinkEvent[],
  { actors, router }: { actors: StartedActors; router: LinkRouter },
): Promise<void> {
  const latest = actors.latest('checkout');
  if (!latest || (latest.getSnapshot() as AnyMachineSnapshot).status !== 'active') {
    const { colourId, cartCount } = (startedActor(actors, 'storefront').getSnapshot() as StorefrontSnapshot)
      .context;
    await router.navigate('/checkout', { state: checkoutInputFor(colourId, cartCount) });
  }
  const checkout = await activeCheckout(actors);
  // React's commit (and StrictMode's second run of its effects) ends before the shopper types.
  await nextTask();
  for (const event of events) checkout.send(event);
}

/**
 * Plays `steps` in order, once the app's `machine` actor has started and React's commit has ended.
 * Only a step that changes the page waits: awaiting the others would let the real download settle.
 */
export async function playSteps(
  machine: LinkedMachine,
  steps: readonly StateLinkStep[],
  context: { actors: StartedActors; clock: PageClock; router: LinkRouter },
): Promise<void> {
  await context.actors.started(machine);
  await nextTask();
  for (const step of steps) {
    const pending = playStep(step, context);
    if (pending) await pending;
  }
}

/** A link's session on the page: the actors as they start, the held clock, and the detach. */
export interface LinkSession {
  readonly actors: StartedActors;
  readonly clock: PageClock;
  readonly detach: () => void;
}

/**
 * Readies the page for a link before the app mounts: it starts afresh at `route` (with
 * `checkoutInput` as the checkout's navigation state), its address without the link's `parameters`,
 * and the actors created from now on get the link's observer and its held clock (`hold`: the checkout
 * download held too).
 */
export function startLinkSession({
  route,
  checkoutInput,
  parameters,
  hold,
}: {
  route: '/' | '/checkout';
  checkoutInput?: unknown;
  parameters: readonly string[];
  hold: boolean;
}): LinkSession {
  const params = new URLSearchParams(window.location.search);
  for (const name of parameters) params.delete(name);
  const search = params.size ? `?${params}` : '';
  window.history.replaceState(
    route === '/checkout' ? { usr: checkoutInput, key: 'state-link', idx: 0 } : null,
    '',
    `${route}${search}${window.location.hash}`,
  );
  const clock = new PageClock();
  const actors = new StartedActors();
  const detach = attachDevTool({ observer: onlyStartedActors(actors), clock, hold });
  return { actors, clock, detach };
}
