/**
 * The harness itself: the test machines have exactly the real machines' states and transitions, a delay
 * event advances the clock by exactly its delay, and coverage marks what paths reach, failing below 100%.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { PROCESSING_DELAY_MS, REDIRECT_DELAY_MS, checkoutMachine } from '@machines/checkout-machine';
import {
  CHECKOUT_RETRY_DELAY_MS,
  TOAST_DURATION_MS,
  selectIsToastVisible,
  storefrontMachine,
  type StorefrontSnapshot,
} from '@machines/storefront-machine';
import {
  deriveTestMachine,
  formatEvent,
  pathName,
  runModelPath,
  type DerivedDelays,
  type PathDriver,
} from '@support/model/derive-test-model';
import { machineAnatomy, transitionKey } from '@support/model/machine-anatomy';
import {
  coverageReport,
  modelSuite,
  guardFalseItemKey,
  stateItemKey,
  withoutPrefixPaths,
  type ModelSuite,
} from '@support/model/model-suite';
import { checkout } from '@support/model/checkout-model';
import { storefront, type StorefrontModelEvent } from '@support/model/storefront-model';
import { SteeringGraph } from '@support/model/session-steering';
import { decodePairs, encodePairs, pairKey, pairsOf, reachablePairs } from '@support/model/transition-pairs';

/** A machine's anatomy without the transition objects, which differ between two machines by identity. */
const comparable = (machine: AnyStateMachine, delayEvents?: DerivedDelays) => {
  const { states, transitions } = machineAnatomy(machine, { delayEvents });
  return { states, transitions: transitions.map(({ definition: _definition, ...transition }) => transition) };
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
  const derived = deriveTestMachine(machine);

  it('has exactly the real machine’s state nodes and transitions, but no delays or invoked actors', () => {
    expect(comparable(derived.machine, derived.delays)).toEqual(comparable(machine));
    expect(machineAnatomy(derived.machine).transitions.filter((t) => t.trigger.kind === 'delay')).toEqual([]);
    expect(Object.fromEntries([...derived.delays].map(([type, { ms }]) => [type, ms]))).toEqual(delays);
    expect(getStateNodes(derived.machine.root).flatMap((node) => node.invoke)).toEqual([]);
  });

  it('is what createTestModel needs: the real machine is refused for its delays or invocations', () => {
    expect(() => createTestModel(machine)).toThrow(
      /^(After events|Invocations) on test machines are not supported$/,
    );
    expect(() => createTestModel(derived.machine)).not.toThrow();
  });
});

/** `after soon [isBig]` can never fire: with a big count, `always` has left `checking` at once. */
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
const TOY_TRANSITIONS = [
  'toy.idle: add (no target)',
  'toy.idle: go → toy.checking',
  'toy.idle: after 1000 → toy.idle (re-enters)',
  'toy.checking: after soon [isBig] → toy.done',
  'toy.checking: after soon → toy.idle',
  'toy.checking: always [isBig] → toy.done',
] as const;
const [, go, after1000, soonIfBig, soonToIdle, alwaysIfBig] = TOY_TRANSITIONS;
const toyEvents = ({ context }: AnyMachineSnapshot) => [
  ...(context.count < 2 ? [{ type: 'add' } as const] : []),
  ...(context.count === 0 ? [{ type: 'addTwice' } as const] : []),
  { type: 'go' } as const,
  { type: 'delay.1000' } as const,
  { type: 'delay.soon' } as const,
];
const toy = modelSuite(toyMachine, {
  simpleEvents: () => [],
  events: toyEvents,
  scenarios: { addTwice: () => [{ type: 'add' } as const, { type: 'add' } as const] },
});
const pathsBy = (vertex: 'snapshot' | 'transition') => {
  const paths = toy.testModel.getShortestPaths({ ...toy.traversal(vertex), allowDuplicatePaths: true });
  return (name: string) => paths.find((path) => pathName(path) === name)!;
};

describe('deriving a test machine', () => {
  it('turns named and literal delays into events, keeping guards, targets, re-entry and order', () => {
    const { machine, delays } = deriveTestMachine(toyMachine);
    expect([...delays]).toEqual([
      ['delay.1000', { delay: '1000', ms: 1000 }],
      ['delay.soon', { delay: 'soon', ms: 250 }],
    ]);
    expect(comparable(machine, delays)).toEqual(comparable(toyMachine));
    expect(comparable(machine, delays).transitions.map((transition) => transition.key)).toEqual(
      TOY_TRANSITIONS,
    );
  });

  it('refuses a computed delay (no clock can advance by it exactly) and an event named like a delay event', () => {
    const later = setup({ delays: { later: () => 10 } }).createMachine({ after: { later: {} } });
    expect(() => deriveTestMachine(later)).toThrow(
      "Delay 'later' of machine '(machine)' is not a fixed number",
    );
    const clash = setup({ delays: { soon: 5 } }).createMachine({
      id: 'clash',
      on: { 'delay.soon': {} },
      after: { soon: {} },
    });
    expect(() => deriveTestMachine(clash)).toThrow("Machine 'clash' already has an event 'delay.soon'");
  });
});

describe('paths', () => {
  const path = pathsBy('snapshot');

  it('expand scenario events through the real transitions only', () => {
    expect(path('addTwice → go').state).toMatchObject({ value: 'done', context: { count: 2 } });
  });

  it('are named by their events, and may end on an event that leaves the snapshot as it was', () => {
    expect(formatEvent({ type: 'colour.select', colourId: 'ocean-blue' } as never)).toBe(
      'colour.select(ocean-blue)',
    );
    expect(path('delay.1000').state.value).toBe('idle');
  });

  it('drop the ones that are a prefix of another', () => {
    expect(withoutPrefixPaths([path('add'), path('add → go'), path('add → go')])).toEqual([path('add → go')]);
  });

  it.each<ModelSuite>([storefront, checkout])(
    'of $name: the covering ones, fewer, reach every item and sample event that all of them reach',
    (suite) => {
      const reach = (paths: typeof suite.paths) =>
        new Set(
          paths.flatMap((one) => [
            ...suite.pathCoverage(one),
            ...one.steps.map(({ event }) => JSON.stringify(event)),
          ]),
        );
      expect(suite.covering.length).toBeLessThan(suite.paths.length);
      expect(reach(suite.covering)).toEqual(reach(suite.paths));
      expect(suite.covering.every((one) => suite.paths.includes(one))).toBe(true);
    },
  );
});

/** A stand-in page whose toast hides `hidesAfter` ms after 'Add to Cart'; `clockStep` changes each advance. */
function fakePage(
  hidesAfter: number,
  clockStep = (ms: number) => ms,
): PathDriver<StorefrontSnapshot, StorefrontModelEvent> {
  let now = 0;
  let hidesAt = -1;
  return {
    advanceClock: async (ms) => {
      now += clockStep(ms);
    },
    perform: async (event) => {
      if (event.type === 'cart.add') hidesAt = now + hidesAfter;
    },
    assertState: async (snapshot) => {
      const shows = now < hidesAt;
      if (shows !== selectIsToastVisible(snapshot))
        throw new Error(`at ${now} ms the toast ${shows ? 'shows' : 'is hidden'}`);
    },
  };
}

describe('a delay event (run against a stand-in page: the engine paths check the app’s timer)', () => {
  const { testModel, traversal } = storefront;
  const toastPath = testModel
    .getShortestPaths({ ...traversal('snapshot'), allowDuplicatePaths: true })
    .find((path) => pathName(path) === 'cart.add → delay.toastDuration')!;

  it('passes when the clock advances by exactly toastDuration (3000 ms)', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    await runModelPath(storefront, toastPath, fakePage(TOAST_DURATION_MS));
  });

  it('fails when the clock advances 1 ms less (the toast still shows) or the toast hides 1 ms early', async () => {
    const oneMsShort = fakePage(TOAST_DURATION_MS, (ms) => (ms === 1 ? 0 : ms));
    await expect(runModelPath(storefront, toastPath, oneMsShort)).rejects.toThrow(
      /2999 ms the toast shows\nat step 2 of path cart.add → delay.toastDuration/,
    );
    await expect(runModelPath(storefront, toastPath, fakePage(TOAST_DURATION_MS - 1))).rejects.toThrow(
      /2999 ms the toast is hidden/,
    );
  });
});

describe('coverage', () => {
  const path = pathsBy('transition');
  const reached = (...names: string[]) => new Set(names.flatMap((name) => [...toy.pathCoverage(path(name))]));
  const unreachable = { [soonIfBig]: 'always leaves first' };
  const all = reached('go → delay.soon', 'addTwice → go', 'delay.1000');

  it('lists every state node but the root, every transition, and a second outcome per guard', () => {
    expect(toy.catalogue).toEqual([
      ...['toy.idle', 'toy.checking', 'toy.done'].map(stateItemKey),
      ...TOY_TRANSITIONS.flatMap((key) => (key.includes('[isBig]') ? [key, guardFalseItemKey(key)] : [key])),
    ]);
  });

  it('marks a delayed transition and guards saying no', () => {
    expect([...reached('go → delay.soon')].sort()).toEqual(
      [
        ...['toy.idle', 'toy.checking'].map(stateItemKey),
        go,
        guardFalseItemKey(alwaysIfBig),
        guardFalseItemKey(soonIfBig),
        soonToIdle,
      ].sort(),
    );
  });

  it('marks an eventless transition and the state it passes through', () => {
    const covered = reached('addTwice → go');
    expect(covered).toContain(alwaysIfBig);
    expect(covered).toContain(stateItemKey('toy.checking'));
    expect(covered).toContain(stateItemKey('toy.done'));
    expect(covered).not.toContain(guardFalseItemKey(alwaysIfBig));
  });

  it('is complete when the paths reach every item not excluded, and prints the table', () => {
    const report = coverageReport(toy, all, unreachable, 'toy');
    expect(report.complete).toBe(true);
    expect(report.table).toBe(
      [
        'toy',
        '  states      3/3     100.0%',
        '  transitions 7/7     100.0%  (6 transitions: 3 delayed, 1 eventless; 2 guards × 2 outcomes; 1 excluded)',
        `  excluded: ${soonIfBig}: always leaves first`,
      ].join('\n'),
    );
  });

  it('is incomplete when an item is left uncovered, naming it', () => {
    const report = coverageReport(toy, reached('go → delay.soon', 'addTwice → go'), unreachable, 'toy');
    expect(report.table).toContain('  transitions 6/7     85.7%');
    expect(report.complete).toBe(false);
    expect(report.table).toContain(`  NOT COVERED: ${after1000}`);
  });

  it('leaves the storefront incomplete when the paths that close the cart are dropped', () => {
    const closeKey = transitionKey(storefront.anatomy, 'cart.open', 'cart.close');
    const covered = new Set(
      storefront.paths
        .map((path) => storefront.pathCoverage(path))
        .filter((items) => !items.has(closeKey))
        .flatMap((items) => [...items]),
    );
    const report = coverageReport(storefront, covered, storefront.exclusions, 'storefront');
    expect(report.uncovered).toEqual([closeKey]);
    expect(report.complete).toBe(false);
  });

  it('refuses an exclusion that names nothing, and is incomplete when a path reaches an excluded item', () => {
    expect(() => coverageReport(toy, new Set(), { 'no such item': 'why' }, 'toy')).toThrow(
      "Coverage exclusion 'no such item' is not an item of machine 'toy'.",
    );
    const stale = { ...unreachable, [alwaysIfBig]: 'thought unreachable' };
    const report = coverageReport(toy, all, stale, 'toy');
    expect(report.table).toContain('  transitions 6/6     100.0%');
    expect(report.complete).toBe(false);
    expect(report.table).toContain(`  STALE EXCLUSION (a path reaches it): ${alwaysIfBig}`);
  });
});

describe('transition pairs', () => {
  const path = pathsBy('transition');
  const add = TOY_TRANSITIONS[0];

  it('pair each transition of a microstep with each of the next one’s, in order only', () => {
    expect([...pairsOf([['a', 'b'], ['c'], ['a']])]).toEqual([
      pairKey('a', 'c'),
      pairKey('b', 'c'),
      pairKey('c', 'a'),
    ]);
    expect(pairsOf([['a']]).size).toBe(0);
  });

  it('of a path come from its replay, across an eventless check whose guard says no', () => {
    expect(toy.pathMicrosteps(path('go → delay.soon'))).toEqual([[go], [soonToIdle]]);
    expect([...pairsOf(toy.pathMicrosteps(path('addTwice → go')))]).toEqual([
      pairKey(add, add),
      pairKey(add, go),
      pairKey(go, alwaysIfBig),
    ]);
  });

  it('the model can take are exactly those of its traversal, the final state and the dead branch taking none', () => {
    const expected = [
      [add, add],
      [add, go],
      [add, after1000],
      [go, soonToIdle],
      [go, alwaysIfBig],
      [after1000, add],
      [after1000, go],
      [after1000, after1000],
      [soonToIdle, add],
      [soonToIdle, go],
      [soonToIdle, after1000],
    ].map(([first, second]) => pairKey(first!, second!));
    expect([...reachablePairs(toy)].sort()).toEqual(expected.sort());
  });

  it.each<ModelSuite>([storefront, checkout])(
    'the $name paths take are all reachable in its model',
    (suite) => {
      const reachable = reachablePairs(suite);
      const taken = new Set(
        suite.paths.flatMap((modelPath) => [...pairsOf(suite.pathMicrosteps(modelPath))]),
      );
      expect(taken.size).toBeGreaterThan(0);
      expect([...taken].filter((pair) => !reachable.has(pair))).toEqual([]);
    },
  );

  it('the storefront model can take pair transitions of parallel regions (a toast timing out, then the cart opening)', () => {
    const toastOut = transitionKey(storefront.anatomy, 'toast.visible', 'after toastDuration');
    const openCart = transitionKey(storefront.anatomy, 'cart.closed', 'cart.open');
    expect(reachablePairs(storefront)).toContain(pairKey(toastOut, openCart));
  });
});

describe('pairs as a code', () => {
  const reachable = reachablePairs(toy);
  const some = new Set([...reachable].filter((_, index) => index % 3 === 0));

  it('name the same pairs back, none, all or some', () => {
    for (const pairs of [new Set<string>(), reachable, some])
      expect(decodePairs(encodePairs(pairs, reachable), reachable)).toEqual(pairs);
  });

  it('of another model are refused', () => {
    expect(() => decodePairs(encodePairs(some, reachable), reachablePairs(storefront))).toThrow(
      /names pairs of another model/,
    );
  });
});

describe('the steering graph', () => {
  const { serializeState } = toy.traversal('snapshot');
  const graph = new SteeringGraph(toy, toyEvents, (snapshot) =>
    serializeState!(snapshot as never, undefined),
  );
  const path = pathsBy('snapshot');
  const at = (name: string) => {
    const modelPath = path(name);
    return { snapshot: modelPath.state, last: toy.pathMicrosteps(modelPath).at(-1) ?? [] };
  };

  it('tells a step after which nothing follows, and one that cannot come again', () => {
    const twice = at('addTwice');
    expect(graph.after(twice.snapshot, twice.last, { type: 'go' })).toEqual({ ends: true, once: true });
    const start = at('(initial state)');
    expect(graph.after(start.snapshot, start.last, { type: 'addTwice' })).toEqual({
      ends: false,
      once: true,
    });
    expect(graph.after(start.snapshot, start.last, { type: 'add' })).toEqual({ ends: false, once: false });
  });

  it('finds the wanted pairs a session can take through the events allowed', () => {
    const all = graph.wantedWithin(
      () => true,
      () => true,
    );
    expect(all).toEqual(reachablePairs(toy));
    const withoutGo = graph.wantedWithin(
      () => true,
      (event) => event.type !== 'go',
    );
    expect([...withoutGo].filter((pair) => pair.includes(go))).toEqual([]);
    expect(withoutGo.size).toBeGreaterThan(0);
  });
});
