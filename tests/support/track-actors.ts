/**
 * Test instrumentation for the lifecycle tests: records every event each actor of a machine processes,
 * so a test can prove that an actor stopped (nothing processed after its page was left) and that
 * StrictMode's double mount left one live actor. It wraps the logic the app builds with
 * `machine.provide(...)` (the storefront in App, the checkout in CheckoutPage); the app is unchanged.
 */
import { vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';

/** One event an actor processed: which actor (its session id), the event type and the state after it. */
export interface ProcessedEvent {
  sessionId: string;
  type: string;
  value: unknown;
}

/**
 * Starts recording, for the rest of the test, every event processed by actors of `machine` built by
 * the app through `machine.provide`. Returns the live list of processed events.
 */
export function trackActors(machine: AnyStateMachine): ProcessedEvent[] {
  const processed: ProcessedEvent[] = [];
  const provide = machine.provide.bind(machine);
  vi.spyOn(machine, 'provide').mockImplementation((implementations) => {
    const logic = provide(implementations);
    const transition = logic.transition.bind(logic);
    logic.transition = (snapshot, event, actorScope) => {
      const next = transition(snapshot, event, actorScope);
      processed.push({ sessionId: actorScope.self.sessionId, type: event.type, value: next.value });
      return next;
    };
    return logic;
  });
  return processed;
}
