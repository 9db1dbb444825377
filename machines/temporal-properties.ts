/**
 * Temporal properties of the shop: rules over its behaviour in time, each tied to a requirement id of
 * docs/requirements.md, written in the standard temporal vocabulary (`always`, `never`, `within` a
 * bound after a trigger, `until`). They are stated over {@link Observation}s, one per step of a
 * session, so the same declarations judge the machine (its snapshot on a simulated clock) and the page
 * (what a shopper sees, read through the page object). A trace is the observations of one session so
 * far, oldest first; {@link firstViolation} judges its last step, so checking after every step finds
 * the first step that breaks a rule.
 *
 * Only the tests read this module (tests/support/model/temporal-checks.ts and its unit test), and
 * scripts/docs/generate-traceability.ts lists the properties per requirement.
 */
import { TOAST_DURATION_MS } from './storefront-machine';

/**
 * What can be seen of the shop at one step. A field is `null` where this side cannot see it (the
 * checkout's machine has no cart button; the page unmounts the form once an order is confirmed).
 */
export interface Observation {
  /** The clock's time at this step, ms since the epoch (the simulated or the page's fake clock). */
  at: number;
  /** This step added to the cart ('Add to Cart' pressed). */
  added: boolean;
  /** The new-release prompt ('A new version of the shop is ready') shows. */
  promptVisible: boolean | null;
  /** An order is underway: processing, or its confirmation showing. */
  orderUnderway: boolean;
  /** The order's confirmation shows ('Order Confirmed!'). */
  orderConfirmed: boolean;
  /** The 'Added to cart successfully!' toast shows. */
  toastVisible: boolean | null;
  /** The cart count the cart button announces (its accessible name), or null where it does not show. */
  announcedCartCount: number | null;
  /** The storefront machine's cart count (its context), or null where no storefront runs. */
  machineCartCount: number | null;
  /** Whether any card field (number, expiry, CVV, name on card) holds a value; null where unseen. */
  cardFilled: boolean | null;
  /** Which order of the session this step belongs to: the count of orders submitted so far. */
  order: number;
  /** The order number shown or held ('PB-123456'), or null. */
  orderNumber: string | null;
}

/** A temporal property: `holds(trace)` judges the trace's last step, given the steps before it. */
export interface TemporalProperty {
  /** Short stable name, used in failure messages and reports. */
  id: string;
  /** The requirement of docs/requirements.md it checks. */
  requirement: string;
  /** The rule in words, in the temporal vocabulary. */
  statement: string;
  holds: (trace: readonly Observation[]) => boolean;
}

type Predicate = (now: Observation) => boolean;
/** A relation between the step judged (`now`) and an earlier one. */
type Relation = (now: Observation, earlier: Observation) => boolean;

/** `always p`: p holds at every step. */
export const always =
  (p: Predicate) =>
  (trace: readonly Observation[]): boolean =>
    p(trace.at(-1)!);

/** `never p`: p holds at no step. */
export const never = (p: Predicate) => always((now) => !p(now));

/**
 * `q within ms of trigger`: from a step where `trigger` holds, `q` holds at every step that is `ms` or
 * more after the latest such step (a bounded response: 'hidden 3 s after the last add').
 */
export const within =
  (ms: number, trigger: Predicate, q: Predicate) =>
  (trace: readonly Observation[]): boolean => {
    const now = trace.at(-1)!;
    const last = trace.findLast(trigger);
    return last === undefined || now.at - last.at < ms || q(now);
  };

/**
 * `p until release`, weak and scoped to each earlier step: for each earlier step, `p(now, earlier)`
 * holds at every later step up to the first one where `release(step, earlier)` holds (which need never
 * come). Judged at the last step, after every step, this checks every pair.
 */
export const until =
  (p: Relation, release: Relation) =>
  (trace: readonly Observation[]): boolean => {
    const now = trace.at(-1)!;
    return trace
      .slice(0, -1)
      .every(
        (earlier, index) => trace.slice(index + 1).some((step) => release(step, earlier)) || p(now, earlier),
      );
  };

/** The shop's temporal properties. */
export const TEMPORAL_PROPERTIES: readonly TemporalProperty[] = [
  {
    id: 'prompt-held-during-order',
    requirement: 'R4.10',
    statement: 'never (release prompt visible and an order underway or on its confirmation)',
    holds: never((now) => now.promptVisible === true && (now.orderUnderway || now.orderConfirmed)),
  },
  {
    id: 'toast-gone-after-3s',
    requirement: 'R4.3',
    statement: `toast hidden within ${TOAST_DURATION_MS} ms of the last add`,
    holds: within(
      TOAST_DURATION_MS,
      (now) => now.added,
      (now) => now.toastVisible !== true,
    ),
  },
  {
    id: 'announced-count-is-machine-count',
    requirement: 'R2.4',
    statement: "always (the cart button's announced count = the machine's cart count)",
    holds: always(
      (now) =>
        now.announcedCartCount === null ||
        now.machineCartCount === null ||
        now.announcedCartCount === now.machineCartCount,
    ),
  },
  {
    id: 'card-data-cleared-on-confirmation',
    // R3.5: the form's fields; which of them are card data, and that they go once the order is confirmed, is checkout-form.ts's rule.
    requirement: 'R3.5',
    statement: 'never (card data held and the order confirmed)',
    holds: never((now) => now.orderConfirmed && now.cardFilled === true),
  },
  {
    id: 'one-order-one-number',
    requirement: 'R4.7',
    statement: 'order number, once shown, unchanged until the next order',
    holds: until(
      (now, earlier) => earlier.orderNumber === null || now.orderNumber === earlier.orderNumber,
      (now, earlier) => now.order !== earlier.order || now.orderNumber === null,
    ),
  },
];

/** A property broken at a trace's last step. */
export interface Violation {
  property: TemporalProperty;
  /** The step (index into the trace) that broke it. */
  step: number;
}

/** The first of `properties` the last step of `trace` breaks, or null; an empty trace breaks none. */
export function firstViolation(
  trace: readonly Observation[],
  properties: readonly TemporalProperty[] = TEMPORAL_PROPERTIES,
): Violation | null {
  if (trace.length === 0) return null;
  const property = properties.find((candidate) => !candidate.holds(trace));
  return property ? { property, step: trace.length - 1 } : null;
}
