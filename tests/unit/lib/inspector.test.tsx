/**
 * The dev-only Stately inspector: off unless asked for, card data never sent, and under React
 * StrictMode one actor per provider, not a second frozen one.
 */
import { render } from '@testing-library/react';
import { createActorContext } from '@xstate/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate';
import { storefrontMachine } from '@machines/storefront-machine';
import { inspect, onlyStartedActors, redactCardData } from '@/lib/inspector';

/** An inspection observer that records events. */
function recorder() {
  const events: InspectionEvent[] = [];
  const registered = () =>
    new Set(
      events.filter((event) => event.type === '@xstate.actor').map((event) => event.actorRef as AnyActorRef),
    );
  const observer: Observer<InspectionEvent> = { next: (event) => void events.push(event) };
  return { events, registered, observer };
}

describe('the inspector', () => {
  it('is off in tests and on the dev server unless requested (no ?inspect, mode is not inspect)', () => {
    expect(inspect).toBeUndefined();
  });

  it('never sends card data', () => {
    const form = {
      email: 'sam@example.com',
      cardNumber: '4242424242424242',
      expiryDate: '12/30',
      cvv: '123',
      nameOnCard: 'Sam',
    };
    expect(redactCardData({ form, orderNumber: null })).toEqual({
      form: { email: 'sam@example.com', cardNumber: '•••', expiryDate: '•••', cvv: '•••', nameOnCard: '•••' },
      orderNumber: null,
    });
    expect(redactCardData({ type: 'field.change', name: 'cvv', value: '123' })).toEqual({
      type: 'field.change',
      name: 'cvv',
      value: '•••',
    });
    expect(redactCardData({ form: 'card', orderNumber: null })).toEqual({ form: 'card', orderNumber: null });
    expect(redactCardData({ type: 'field.change', name: 'city', value: 'Reno' })).toEqual({
      type: 'field.change',
      name: 'city',
      value: 'Reno',
    });
  });
});

describe('redactCardData', () => {
  it('redacts only the values that field.change events carry, not other events naming a card field', () => {
    const focus = { type: 'field.focus', name: 'cardNumber' };
    expect(redactCardData(focus)).toEqual({ type: 'field.focus', name: 'cardNumber' });
  });

  it.each([null, undefined, 'cvv', 123])('returns %s, which is no object, as it is', (value) => {
    expect(redactCardData(value)).toBe(value);
  });
});

describe('only started actors reach the inspector', () => {
  const actor = {} as AnyActorRef;
  const registration = { type: '@xstate.actor', actorRef: actor } as unknown as InspectionEvent;
  const eventOf = (type: string) =>
    ({ type: '@xstate.event', actorRef: actor, event: { type } }) as unknown as InspectionEvent;

  it('passes its registration on with the actor’s start, once, and its other events as they come', () => {
    const seen = recorder();
    const inspector = onlyStartedActors(seen.observer);
    const [earlyEvent, init, laterEvent] = [
      eventOf('cart.add'),
      eventOf('xstate.init'),
      eventOf('xstate.init'),
    ];
    inspector.next?.(registration);
    inspector.next?.(earlyEvent);
    inspector.next?.(init);
    inspector.next?.(laterEvent);
    expect(seen.events).toEqual([earlyEvent, registration, init, laterEvent]);
  });

  it('passes the events of an actor it never saw registered on as they are', () => {
    const seen = recorder();
    const init = eventOf('xstate.init');
    onlyStartedActors(seen.observer).next?.(init);
    expect(seen.events).toEqual([init]);
  });

  it('accepts an observer that only wants errors', () => {
    const inspector = onlyStartedActors({ error: () => undefined });
    expect(() => {
      inspector.next?.(registration);
      inspector.next?.(eventOf('xstate.init'));
    }).not.toThrow();
  });

  it('holds an actor’s registration back until it starts, and drops actors that never start', () => {
    const seen = recorder();
    const started = createActor(storefrontMachine, { inspect: onlyStartedActors(seen.observer) });
    createActor(storefrontMachine, { inspect: onlyStartedActors(seen.observer) });
    expect(seen.events).toEqual([]);

    started.start();

    // The started storefront and the actor it invokes (watchReleases); nothing of the other.
    expect(seen.registered()).toEqual(new Set([started, started.getSnapshot().children.watchReleases]));
    expect(seen.events[0]).toMatchObject({ type: '@xstate.actor', actorRef: started });
    expect(seen.events[1]).toMatchObject({ type: '@xstate.event', event: { type: 'xstate.init' } });
  });

  it('does not register an actor that never starts though its creation ran eventless transitions on xstate.init', () => {
    const seen = recorder();
    // Creating an actor computes its initial state: an `always` transition there reports a microstep
    // caused by `xstate.init` before any start.
    const machine = createMachine({ initial: 'opening', states: { opening: { always: 'open' }, open: {} } });
    createActor(machine, { inspect: onlyStartedActors(seen.observer) });
    expect(seen.registered()).toEqual(new Set());
  });

  it('shows one actor per provider under React StrictMode, where the raw observer sees two', () => {
    const Storefront = createActorContext(storefrontMachine);
    const raw = recorder();
    const filtered = recorder();
    const tree = (inspectOption: Observer<InspectionEvent>) => (
      <StrictMode>
        <Storefront.Provider options={{ inspect: inspectOption }}>
          <p>shop</p>
        </Storefront.Provider>
      </StrictMode>
    );

    render(tree(raw.observer)).unmount();
    render(tree(onlyStartedActors(filtered.observer))).unmount();

    // Each storefront with the actor it invokes (watchReleases).
    expect(raw.registered().size).toBe(4);
    expect(filtered.registered().size).toBe(2);
  });
});
