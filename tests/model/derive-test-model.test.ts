/**
 * The derived test model cannot drift from the real machines: it has exactly their state
 * nodes and transitions, delays turned into `delay.<name>` events and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, checkoutMachine } from '@machines/checkout-machine';
import { CHECKOUT_RETRY_DELAY_MS, TOAST_DURATION_MS, storefrontMachine } from '@machines/storefront-machine';
import { createDerivedTestModel, deriveTestMachine, formatEvent, pathName } from './derive-test-model';
import { withoutPrefixPaths } from './generate-paths';
import { machineAnatomy, type MachineAnatomy } from './machine-anatomy';

/** The anatomy without the transition objects themselves, which differ between two machines by identity. */
const comparable = ({ machineId, states, transitions }: MachineAnatomy) => ({
  machineId,
  states,
  transitions: transitions.map(({ definition: _definition, ...transition }) => transition),
});

const derivedAnatomy = (machine: AnyStateMachine) => {
  const { machine: derived, delays } = deriveTestMachine(machine);
  return machineAnatomy(derived, { delayEvents: delays });
};

describe.each([
  {
    machine: storefrontMachine as AnyStateMachine,
    delays: { 'delay.toastDuration': TOAST_DURATION_MS, 'delay.checkoutRetryDelay': CHECKOUT_RETRY_DELAY_MS },
  },
  {
    machine: checkoutMachine as AnyStateMachine,
    delays: { 'delay.processingDelay': PROCESSING_DELAY_MS, 'delay.redirectDelay': REDIRECT_DELAY_MS },
  },
])('the $machine.id test machine', ({ machine, delays }) => {
  it('has exactly the real machine’s state nodes and transitions (guards, actions, targets, delays)', () => {
    expect(comparable(derivedAnatomy(machine))).toEqual(comparable(machineAnatomy(machine)));
  });

  it('has no delayed transitions left: each is an explicit delay event of the same length', () => {
    const { machine: derived, delays: derivedDelays } = deriveTestMachine(machine);
    expect(
      machineAnatomy(derived).transitions.filter((transition) => transition.trigger.kind === 'delay'),
    ).toEqual([]);
    expect(Object.fromEntries([...derivedDelays].map(([type, delay]) => [type, delay.ms]))).toEqual(delays);
  });

  it('has no invoked actors left: their outcomes are events of the same types', () => {
    const invokes = (node: AnyStateNode): unknown[] => [
      ...node.invoke,
      ...Object.values(node.states).flatMap((child) => invokes(child)),
    ];
    expect(invokes(deriveTestMachine(machine).machine.root)).toEqual([]);
  });

  it('is what createTestModel needs: the real machine is refused for its delays or invocations, the derived one is not', () => {
    expect(() => createTestModel(machine)).toThrow(
      /^(After events|Invocations) on test machines are not supported$/,
    );
    expect(() => createTestModel(deriveTestMachine(machine).machine)).not.toThrow();
  });
});

const toyMachine = setup({
  types: {} as { context: { count: number }; events: { type: 'add' } | { type: 'go' } },
  guards: { isBig: ({ context }) => context.count > 1 },
  delays: { soon: 250 },
}).createMachine({
  id: 'toy',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) }, go: 'checking' },
      after: { 1000: { target: 'idle', reenter: true } },
    },
    checking: {
      always: { guard: 'isBig', target: 'done' },
      after: { soon: [{ guard: 'isBig', target: 'done' }, { target: 'idle' }] },
    },
    done: { type: 'final' },
  },
});

describe('deriving a test machine', () => {
  it('turns named and literal delays into events, keeping guards, targets, re-entry and order', () => {
    const { machine, delays } = deriveTestMachine(toyMachine);
    expect([...delays.values()]).toEqual([
      { eventType: 'delay.1000', delay: '1000', ms: 1000 },
      { eventType: 'delay.soon', delay: 'soon', ms: 250 },
    ]);
    expect(comparable(machineAnatomy(machine, { delayEvents: delays }))).toEqual(
      comparable(machineAnatomy(toyMachine)),
    );
    expect(
      machineAnatomy(machine, { delayEvents: delays }).transitions.map((transition) => transition.key),
    ).toEqual([
      'toy.idle: add (no target)',
      'toy.idle: go → toy.checking',
      'toy.idle: after 1000 → toy.idle (re-enters)',
      'toy.checking: after soon [isBig] → toy.done',
      'toy.checking: after soon → toy.idle',
      'toy.checking: always [isBig] → toy.done',
    ]);
  });

  it('refuses a delay whose length is computed, as no clock can advance by it exactly', () => {
    const computed = setup({ delays: { later: () => 10 } }).createMachine({
      initial: 'a',
      states: { a: { after: { later: 'b' } }, b: {} },
    });
    expect(() => deriveTestMachine(computed)).toThrow(
      "Delay 'later' of machine '(machine)' is not a fixed number of ms",
    );
  });

  it('refuses a machine that already has an event named like a delay event', () => {
    const clash = setup({ delays: { soon: 5 } }).createMachine({
      id: 'clash',
      initial: 'a',
      states: { a: { on: { 'delay.soon': 'b' }, after: { soon: 'b' } }, b: {} },
    });
    expect(() => deriveTestMachine(clash)).toThrow("Machine 'clash' already has an event 'delay.soon'");
  });

  it('expands scenario events through the real transitions only', () => {
    const derived = createDerivedTestModel(toyMachine, {
      events: (snapshot) =>
        snapshot.context.count === 0
          ? [{ type: 'addTwice' } as const, { type: 'go' } as const]
          : [{ type: 'go' } as const],
      scenarios: { addTwice: () => [{ type: 'add' } as const, { type: 'add' } as const] },
    });
    const paths = derived.model.getShortestPaths(derived.traversal({ vertex: 'snapshot' }));
    const done = paths.find((path) => path.state.value === 'done');
    expect(pathName(done!)).toBe('addTwice → go');
    expect(done!.state.context).toEqual({ count: 2 });
  });
});

describe('path helpers', () => {
  const derived = createDerivedTestModel(toyMachine, {
    events: (snapshot) => [
      ...(snapshot.context.count < 2 ? [{ type: 'add' } as const] : []),
      { type: 'go' } as const,
      { type: 'delay.1000' } as const,
    ],
  });
  const paths = derived.model.getShortestPaths({
    ...derived.traversal({ vertex: 'snapshot' }),
    allowDuplicatePaths: true,
  });
  const first = paths.find((path) => pathName(path) === 'add')!;
  const second = paths.find((path) => pathName(path) === 'add → go')!;

  it('names paths by their events', () => {
    expect(pathName(second)).toBe('add → go');
    expect(formatEvent({ type: 'colour.select', colourId: 'ocean-blue' } as never)).toBe(
      'colour.select(ocean-blue)',
    );
  });

  it('drops paths that are a prefix of another path', () => {
    expect(withoutPrefixPaths([first, second, second])).toEqual([second]);
  });

  it('serialises a rejected event as its own vertex, so a path can end on it', () => {
    expect(paths.map(pathName)).toContain('delay.1000');
  });
});
