import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { storefrontMachine } from '@machines/storefront-machine';
import {
  TEMPORAL_PROPERTIES,
  always,
  firstViolation,
  never,
  until,
  within,
  type Observation,
} from '@machines/temporal-properties';
import { observeModel } from '@support/model/temporal-checks';

const T0 = Date.parse('2026-11-28T10:01:00.000Z');

/** A quiet landing page at T0: no order, no toast, an empty cart announced as such. */
const quiet: Observation = {
  at: T0,
  added: false,
  promptVisible: false,
  orderUnderway: false,
  orderConfirmed: false,
  toastVisible: false,
  announcedCartCount: 0,
  machineCartCount: 0,
  cardFilled: false,
  order: 0,
  orderNumber: null,
};

/** A trace of steps, each the quiet page changed by its own fields. */
const trace = (...steps: Partial<Observation>[]): Observation[] =>
  steps.map((step) => ({ ...quiet, ...step }));

const property = (id: string) => {
  const found = TEMPORAL_PROPERTIES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no property ${id}`);
  return found;
};

/** The id of the property the trace's last step breaks, or null. */
const broken = (steps: Observation[]) => firstViolation(steps)?.property.id ?? null;

describe('the temporal vocabulary', () => {
  const visible = (now: Observation) => now.toastVisible === true;

  it('always and never judge the last step', () => {
    expect(always(visible)(trace({ toastVisible: true }))).toBe(true);
    expect(always(visible)(trace({ toastVisible: true }, {}))).toBe(false);
    expect(never(visible)(trace({ toastVisible: true }, {}))).toBe(true);
    expect(never(visible)(trace({}, { toastVisible: true }))).toBe(false);
  });

  it('within holds until the bound after the latest trigger, then asks for its response', () => {
    const hidden = within(
      3000,
      (now) => now.added,
      (now) => !visible(now),
    );
    expect(hidden(trace({ added: true, toastVisible: true }, { at: T0 + 2999, toastVisible: true }))).toBe(
      true,
    );
    expect(hidden(trace({ added: true, toastVisible: true }, { at: T0 + 3000, toastVisible: true }))).toBe(
      false,
    );
    // A later trigger restarts the bound.
    expect(
      hidden(
        trace(
          { added: true, toastVisible: true },
          { at: T0 + 2000, added: true, toastVisible: true },
          { at: T0 + 4000, toastVisible: true },
        ),
      ),
    ).toBe(true);
    expect(hidden(trace({ at: T0 + 9000, toastVisible: true }))).toBe(true);
  });

  it('until keeps a relation to each earlier step until a step releases it', () => {
    const same = until(
      (now, earlier) => now.orderNumber === earlier.orderNumber,
      (step) => step.order === 2,
    );
    expect(same(trace({ orderNumber: 'A' }, { orderNumber: 'A' }))).toBe(true);
    expect(same(trace({ orderNumber: 'A' }, { orderNumber: 'B' }))).toBe(false);
    expect(
      same(trace({ orderNumber: 'A' }, { order: 2, orderNumber: null }, { order: 2, orderNumber: 'B' })),
    ).toBe(true);
  });

  it('until judges the last step against every earlier one, each released only by a step after it', () => {
    const same = until(
      (now, earlier) => now.orderNumber === earlier.orderNumber,
      (step, earlier) => step.order !== earlier.order,
    );
    expect(same(trace({ orderNumber: 'A' }, { orderNumber: 'A' }, { orderNumber: 'B' }))).toBe(false);
    // The second step's relation is not released by the first, which came before it.
    expect(
      same(
        trace({ order: 1, orderNumber: 'A' }, { order: 2, orderNumber: 'B' }, { order: 2, orderNumber: 'C' }),
      ),
    ).toBe(false);
    // One releasing step is enough, whatever the steps after it.
    expect(
      same(
        trace({ order: 1, orderNumber: 'A' }, { order: 2, orderNumber: 'B' }, { order: 1, orderNumber: 'C' }),
      ),
    ).toBe(true);
  });

  it('until relates the last step to the earlier ones only, never to itself', () => {
    const later = until(
      (now, earlier) => now.at > earlier.at,
      () => false,
    );
    expect(later(trace({}, { at: T0 + 1 }))).toBe(true);
  });
});

describe('the shop’s temporal properties', () => {
  it('each names a requirement of docs/requirements.md and states its rule', () => {
    expect(TEMPORAL_PROPERTIES.length).toBeGreaterThanOrEqual(5);
    for (const { requirement, statement } of TEMPORAL_PROPERTIES) {
      expect(requirement).toMatch(/^R\d+\.\d+$/);
      expect(statement).not.toBe('');
    }
  });

  it('prompt-held-during-order: the prompt may show on the landing page, never during an order @R4.10', () => {
    expect(property('prompt-held-during-order').requirement).toBe('R4.10');
    expect(broken(trace({ promptVisible: true }, { orderUnderway: true }))).toBeNull();
    expect(broken(trace({ promptVisible: true }))).toBeNull();
    expect(broken(trace({ orderUnderway: true, promptVisible: true }))).toBe('prompt-held-during-order');
    expect(broken(trace({ orderConfirmed: true, promptVisible: true }))).toBe('prompt-held-during-order');
  });

  it('toast-gone-after-3s: the toast may show up to 3 s after the last add, not at 3 s @R4.3', () => {
    const added = { added: true, toastVisible: true, announcedCartCount: 1, machineCartCount: 1 };
    const later = (ms: number, toastVisible: boolean) => ({
      at: T0 + ms,
      toastVisible,
      announcedCartCount: 1,
      machineCartCount: 1,
    });
    expect(broken(trace(added, later(2999, true), later(3000, false)))).toBeNull();
    expect(broken(trace(added, later(3000, true)))).toBe('toast-gone-after-3s');
    // A toast with no add at all is no breach of this rule (the screen's own check sees it).
    expect(broken(trace(later(5000, true)))).toBeNull();
  });

  it("announced-count-is-machine-count: the cart button announces the machine's count @R2.4", () => {
    expect(broken(trace({ announcedCartCount: 3, machineCartCount: 3 }))).toBeNull();
    expect(broken(trace({ announcedCartCount: null, machineCartCount: 3 }))).toBeNull();
    expect(broken(trace({ announcedCartCount: 3, machineCartCount: null }))).toBeNull();
    expect(broken(trace({ announcedCartCount: 4, machineCartCount: 3 }))).toBe(
      'announced-count-is-machine-count',
    );
  });

  it('card-data-cleared-on-confirmation: card data may be typed, never held on the confirmation @R3.5', () => {
    expect(broken(trace({ cardFilled: true }, { orderUnderway: true, cardFilled: true }))).toBeNull();
    expect(broken(trace({ orderUnderway: true, orderConfirmed: true, cardFilled: null }))).toBeNull();
    expect(broken(trace({ orderUnderway: true, orderConfirmed: true, cardFilled: true }))).toBe(
      'card-data-cleared-on-confirmation',
    );
  });

  it('one-order-one-number: an order keeps its number; the next order gets its own @R4.7', () => {
    const confirmed = (order: number, orderNumber: string | null) => ({
      orderUnderway: true,
      orderConfirmed: true,
      order,
      orderNumber,
    });
    expect(broken(trace(confirmed(1, 'PB-000001'), confirmed(1, 'PB-000001')))).toBeNull();
    expect(broken(trace(confirmed(1, 'PB-000001'), { order: 1 }, confirmed(2, 'PB-000009')))).toBeNull();
    expect(broken(trace(confirmed(1, 'PB-000001'), confirmed(1, 'PB-003001')))).toBe('one-order-one-number');
    // A number first shown after none, the next order's own, and one after the number was cleared.
    expect(broken(trace({ order: 1 }, confirmed(1, 'PB-000001')))).toBeNull();
    expect(broken(trace(confirmed(1, 'PB-000001'), confirmed(2, 'PB-000009')))).toBeNull();
    expect(broken(trace(confirmed(1, 'PB-000001'), { order: 1 }, confirmed(1, 'PB-000002')))).toBeNull();
  });

  it('firstViolation names the step that broke the rule, and none for an empty trace', () => {
    expect(firstViolation([])).toBeNull();
    expect(firstViolation(trace({}, {}, { announcedCartCount: 2 }))?.step).toBe(2);
  });
});

describe('the model side: the real storefront machine on a simulated clock', () => {
  /** Adds once, then moves the clock by each of `steps` ms, observing the machine after each step. */
  function run(machine: typeof storefrontMachine, steps: number[]) {
    const clock = new SimulatedClock();
    clock.set(T0);
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'cart.add' });
    const observed = [observeModel('storefront', actor.getSnapshot(), { at: T0, added: true, order: 0 })];
    for (const ms of steps) {
      clock.increment(ms);
      observed.push(
        observeModel('storefront', actor.getSnapshot(), { at: clock.now(), added: false, order: 0 }),
      );
      const violation = firstViolation(observed);
      if (violation) return violation.property.id;
    }
    return null;
  }

  it('keeps every property as the toast comes and goes', () => {
    expect(run(storefrontMachine, [2999, 1, 5000])).toBeNull();
  });

  it('breaks toast-gone-after-3s when the toast stays 4 s', () => {
    const slowToast = storefrontMachine.provide({ delays: { toastDuration: 4000 } });
    expect(run(slowToast, [2999, 1])).toBe('toast-gone-after-3s');
  });
});
