/**
 * The extractor comparison can fail: small machine sources with a deliberate extractor
 * warning, a transition missing or added, a different guard, invoke target or delay are reported, and a
 * source written exactly like its running machine (nested states, ids, descriptions, entry/exit, a named
 * delay, an invoke with onDone/onError, a re-entering transition) is not.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { checkMachineFile, extractMachineFile, verdictProblems } from '@support/stately/machine-graph';

/** The running machine every source below is compared with. */
const loader = setup({
  actions: { track: () => {}, reset: () => {}, remember: (_, _params: { step: number }) => {} },
  guards: { canRetry: () => true },
  actors: { loadCode: fromPromise(async () => 'code') },
  delays: { retryDelay: 500 },
}).createMachine({
  id: 'loader',
  description: 'Loads code, retrying once.',
  context: { attempts: 0, label: 'first' },
  initial: 'idle',
  states: {
    idle: { on: { 'code.load': { target: 'loading', description: 'The shopper asks.' } } },
    loading: {
      id: 'loader.loading',
      entry: 'track',
      exit: ['reset'],
      invoke: { src: 'loadCode', onDone: { target: 'ready' }, onError: { target: 'waiting' } },
    },
    waiting: {
      after: { retryDelay: [{ guard: 'canRetry', target: 'loading' }, { target: 'failed' }] },
      on: {
        'code.retry': {
          target: 'waiting',
          reenter: true,
          actions: { type: 'remember', params: { step: 2 } },
        },
      },
    },
    failed: { type: 'final' },
    ready: { type: 'final', description: 'Loaded.' },
  },
});

/** The same machine as source text, with `change` applied to the `createMachine({ … })` part. */
function source(change: (config: string) => string = (config) => config): string {
  const config = `{
  id: 'loader',
  description: 'Loads code, retrying once.',
  context: { attempts: 0, label: 'first' },
  initial: 'idle',
  states: {
    idle: { on: { 'code.load': { target: 'loading', description: 'The shopper asks.' } } },
    loading: {
      id: 'loader.loading',
      entry: 'track',
      exit: ['reset'],
      invoke: { src: 'loadCode', onDone: { target: 'ready' }, onError: { target: 'waiting' } },
    },
    waiting: {
      after: { retryDelay: [{ guard: 'canRetry', target: 'loading' }, { target: 'failed' }] },
      on: { 'code.retry': { target: 'waiting', reenter: true, actions: { type: 'remember', params: { step: 2 } } } },
    },
    failed: { type: 'final' },
    ready: { type: 'final', description: 'Loaded.' },
  },
}`;
  return `import { setup } from 'xstate';\nexport const loader = setup({}).createMachine(${change(config)});\n`;
}

const problems = (text: string) => verdictProblems('loader.ts', checkMachineFile(text, [loader]));

describe('comparing an extracted machine with the running one', () => {
  it('finds nothing when the source is the running machine', () => {
    expect(problems(source())).toEqual([]);
  });

  it('reads invoke, named delays, guards, entry/exit, ids, descriptions and re-entry from both sides', () => {
    const { running } = checkMachineFile(source(), [loader]).machines[0]!;
    expect(running).toEqual(
      expect.arrayContaining([
        'context: {"attempts":0,"label":"first"}',
        'entry loading: track',
        'exit loading: reset',
        'invoke loading [0]: loadCode (id 0.loader.loading)',
        'state (root): #loader, compound, initial idle "Loads code, retrying once."',
        'state loading: #loader.loading, atomic',
        'state ready: #loader.ready, final "Loaded."',
        'transition idle on code.load #1: → loading "The shopper asks."',
        'transition loading invoke[0] loadCode onDone #1: → ready',
        'transition loading invoke[0] loadCode onError #1: → waiting',
        'transition waiting after retryDelay #1: [canRetry] → loading',
        'transition waiting after retryDelay #2: → failed',
        'transition waiting on code.retry #1: → waiting (re-enters) / remember({"step":2})',
      ]),
    );
  });

  it('fails on an extractor warning: an initial context value taken from a constant', () => {
    const text = source((config) => config.replace(`label: 'first'`, 'label: FIRST_LABEL'));
    expect(extractMachineFile(text).warnings).toEqual([
      "Unsupported property value of type Identifier in assignment (key 'label')",
    ]);
    expect(problems(text)).toEqual([
      "loader.ts: extractor warning: Unsupported property value of type Identifier in assignment (key 'label')",
      'loader.ts (loader): lost by the extractor: context: {"attempts":0,"label":"first"}',
      'loader.ts (loader): added by the extractor: context: {"attempts":0}',
    ]);
  });

  it('fails on action params computed by an arrow function', () => {
    const text = source((config) => config.replace('params: { step: 2 }', 'params: () => ({ step: 2 })'));
    expect(problems(text)).toEqual([
      "loader.ts: extractor warning: Unsupported property value of type ArrowFunctionExpression in assignment (key 'params')",
      'loader.ts (loader): lost by the extractor: transition waiting on code.retry #1: → waiting (re-enters) / remember({"step":2})',
      'loader.ts (loader): added by the extractor: transition waiting on code.retry #1: → waiting (re-enters) / remember',
    ]);
  });

  it('fails on a transition missing from the source', () => {
    const text = source((config) => config.replace(", onError: { target: 'waiting' }", ''));
    expect(problems(text)).toEqual([
      'loader.ts (loader): lost by the extractor: transition loading invoke[0] loadCode onError #1: → waiting',
    ]);
  });

  it('fails on a transition the running machine does not have', () => {
    const text = source((config) =>
      config.replace("failed: { type: 'final' }", "failed: { type: 'final' }, extra: {}"),
    );
    expect(problems(text)).toEqual([
      'loader.ts (loader): added by the extractor: state extra: #loader.extra, atomic',
    ]);
  });

  it('fails on another guard, delay, target, entry action or lost re-entry', () => {
    const changes: [string, string][] = [
      ["guard: 'canRetry'", "guard: 'canGiveUp'"],
      ['retryDelay:', 'longDelay:'],
      ["onDone: { target: 'ready' }", "onDone: { target: 'failed' }"],
      ["entry: 'track'", "entry: 'trace'"],
      ['reenter: true, ', ''],
    ];
    for (const [from, to] of changes) {
      const found = problems(source((config) => config.replace(from, to)));
      expect(found.length, `${from} → ${to}`).toBeGreaterThanOrEqual(2);
      expect(found.some((problem) => problem.includes('lost by the extractor'))).toBe(true);
      expect(found.some((problem) => problem.includes('added by the extractor'))).toBe(true);
    }
  });

  it('fails when the file holds no machine the editor can find', () => {
    expect(problems('export const loader = 1;\n')).toEqual([
      "loader.ts: running machine 'loader' not extracted",
    ]);
  });
});
