/**
 * The coverage table the browser runs print (coverage-table.ts): its rows count what a column reached
 * out of what the model reaches, requirements count only when every machine part was reached, and a
 * row more is one more entry.
 */
import { describe, expect, it } from 'vitest';
import { REQUIREMENT_TRACES } from '@machines/requirements';
import { checkout } from '@support/model/checkout-model';
import {
  coverageTable,
  formatCoverageTable,
  partKeys,
  requirementsReached,
  type MachineModel,
  type MachineReach,
} from '@support/model/coverage-table';
import { transitionKey } from '@support/model/machine-anatomy';
import type { ModelSuite } from '@support/model/model-suite';
import { storefront } from '@support/model/storefront-model';
import { pairKey, reachablePairs } from '@support/model/transition-pairs';

const everything = (suite: ModelSuite) =>
  new Set(suite.paths.flatMap((path) => [...suite.pathCoverage(path)]));
const suites: ModelSuite[] = [storefront, checkout];
const withParts = Object.values(REQUIREMENT_TRACES).filter(
  (trace) => 'storefront' in trace || 'checkout' in trace,
).length;

describe('requirements reached', () => {
  it('are every requirement with machine parts once the paths reach all the models reach', () => {
    const all = new Map(suites.map((suite) => [suite.name, everything(suite)]));
    const { reached, withParts: counted } = requirementsReached(suites, (name) => all.get(name)!);
    expect(counted).toHaveLength(withParts);
    expect(reached).toEqual(counted);
  });

  it('leave out a requirement one of whose parts is missed, and none else', () => {
    const toastOut = transitionKey(storefront.anatomy, 'toast.visible', 'after toastDuration');
    const items = new Map(suites.map((suite) => [suite.name, everything(suite)]));
    items.get('storefront')!.delete(toastOut);
    const { reached, withParts: counted } = requirementsReached(suites, (name) => items.get(name)!);
    const missing = counted.filter((id) => !reached.includes(id));
    // R4.3 (the toast) and R9.9 (its 3 s) name that transition.
    expect(missing.sort()).toEqual(['R4.3', 'R9.9']);
  });

  it('need both machines’ parts for a requirement naming both', () => {
    expect(partKeys(checkout, 'checkout.processing')).toEqual(['state checkout.processing']);
    const onlyStorefront = requirementsReached(suites, (name) =>
      name === 'storefront' ? everything(storefront) : new Set(),
    );
    expect(onlyStorefront.reached).not.toContain('R1.5');
    expect(onlyStorefront.reached).toContain('R4.3');
  });
});

describe('the table', () => {
  const machines: MachineModel[] = [
    { suite: checkout, configurations: null, pairs: reachablePairs(checkout) },
  ];
  const submit = transitionKey(checkout.anatomy, 'checkout.idle', 'order.submit');
  const processed = transitionKey(checkout.anatomy, 'checkout.processing', 'after processingDelay');
  const none: MachineReach = { items: new Set(), configurations: new Set(), pairs: new Set() };
  const some: MachineReach = {
    items: new Set(['state checkout.idle', 'state checkout.processing', submit]),
    configurations: new Set(),
    pairs: new Set([pairKey(submit, processed), 'not a pair the model takes']),
  };
  const table = coverageTable(
    'checkout · test',
    machines,
    [
      { name: 'a', reach: () => some },
      { name: 'b', reach: () => none },
    ],
    [{ label: 'properties checked', counts: [3, 0] }],
  );

  it('counts per column what the model reaches, and adds the extra row last', () => {
    expect(table.rows.map(({ label, counts, of }) => [label, counts, of])).toEqual([
      ['checkout states', [2, 0], 5],
      ['checkout transitions', [1, 0], 7],
      ['checkout guard outcomes', [0, 0], 4],
      ['checkout transition pairs', [1, 0], 10],
      ['all transition pairs', [1, 0], 10],
      [
        'requirements',
        // R1.6, R4.6, R4.9 and R7.1 name only the processing state and submitting.
        [4, 0],
        Object.values(REQUIREMENT_TRACES).filter((trace) => 'checkout' in trace).length,
      ],
      ['properties checked', [3, 0], undefined],
    ]);
  });

  it('prints a line per row, each cell reached/reachable and a percentage, a plain count without one', () => {
    const text = formatCoverageTable(table);
    expect(text.split('\n')[0]).toBe('checkout · test');
    expect(text).toMatch(/^ {2}checkout states +2\/5 40% +0\/5 0%$/m);
    expect(text).toMatch(/^ {2}properties checked +3 +0$/m);
  });
});
