/**
 * What the dev server's tools give the app's actors, the storefront's (src/app/app.tsx) and each
 * checkout's (src/pages/checkout-page.tsx): their `inspect` observer and their `clock`. The Stately
 * inspector (./inspector.ts) is one such tool; a state link (src/dev/state-link/, `/?state=…`) adds its
 * observer and its page clock before the app mounts. In production builds and in tests there are
 * none: the object is empty and the actors run on the platform's timers.
 */
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import { inspect as inspector } from '@/lib/inspector';

/** The actor options a dev tool sets: an inspection observer, a clock for the machines' delays. */
export interface DevActorOptions {
  inspect?: Observer<InspectionEvent>;
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

/** Spread into every app actor's options. Read when an actor is created. */
export const devActorOptions: DevActorOptions = inspector ? { inspect: inspector } : {};

let holding = false;

/**
 * True while a dev tool holds the page (a state link with `&hold`): besides the machines' clock, what
 * the world would do next waits too, so the checkout download the app starts never settles and a state
 * waiting on it stays. Always false in production builds and in tests that attach no such tool.
 */
export const isHeldByDevTool = (): boolean => holding;

/**
 * Adds a dev tool to the actors created from now on: its `observer` sees their inspection events after
 * the inspector (if on), its `clock`, if given, times their delays, and `hold` holds the page
 * ({@link isHeldByDevTool}). Dev server only. Returns the detach that restores the options as they
 * were (for tests: a page's tool stays for its life).
 */
export function attachDevTool({
  observer,
  clock,
  hold = false,
}: { observer: Observer<InspectionEvent>; hold?: boolean } & Pick<DevActorOptions, 'clock'>): () => void {
  const before = { ...devActorOptions };
  const wasHolding = holding;
  holding ||= hold;
  devActorOptions.inspect = {
    next: (event) => {
      before.inspect?.next?.(event);
      observer.next?.(event);
    },
  };
  if (clock) devActorOptions.clock = clock;
  return () => {
    holding = wasHolding;
    delete devActorOptions.inspect;
    delete devActorOptions.clock;
    Object.assign(devActorOptions, before);
  };
}
