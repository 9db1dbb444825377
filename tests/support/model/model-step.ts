/**
 * One step of a model-based property test (fast-check `fc.commands`): a shopper event, a stretch of
 * time or leaving the page, applied to the reference model and the real actor, then checked.
 * The label is what a shrunk counterexample prints, e.g.
 * `[quantity.increment, cart.add, wait 2999 ms, colour.select "neon-green"]`.
 */
import fc from 'fast-check';

/** How a step changes the model and the real system; it asserts the invariants itself. */
export type StepEffect<Model extends object, Real> = (model: Model, real: Real) => void;

/** A labelled step for `fc.commands`; `applicable` filters steps that cannot happen in the model. */
export class ModelStep<Model extends object, Real> implements fc.Command<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly effect: StepEffect<Model, Real>,
    private readonly applicable: (model: Readonly<Model>) => boolean = () => true,
  ) {}

  check(model: Readonly<Model>): boolean {
    return this.applicable(model);
  }

  run(model: Model, real: Real): void {
    this.effect(model, real);
  }

  toString(): string {
    return this.label;
  }
}

/**
 * The label of an event: its type, then its payload values as fast-check prints them (so `undefined`,
 * `NaN` and odd strings stay visible), e.g. `field.change "cvv" "123"`.
 */
export function eventLabel(event: { type: string } & Record<string, unknown>): string {
  const payload = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => fc.stringify(value));
  return [event.type, ...payload].join(' ');
}

/**
 * Event types a confused or hostile caller might send without a payload: the other machine's events,
 * names no machine knows, prototype keys, the empty string, random strings, and known names with their
 * payload missing. XState's reserved types are left out on purpose: a forged `xstate.after.*` event is
 * taken as the timer firing, and the wildcard `*` makes XState throw and stop the actor with an error.
 * No shopper can send either (every `send` in src/ uses a literal event type); only code that already
 * holds the actor can, and such code can do anything anyway.
 */
export const noiseEventType = fc
  .oneof(
    fc.constantFrom(
      'cart.remove',
      'cart.clear',
      'quantity.set',
      'order.submit',
      'order.placed',
      'checkout.proceed',
      'cart.add',
      'field.change',
      'shippingMethod.select',
      'colour.select',
      'payment.capture',
      '',
      '__proto__',
      'constructor',
      'toString',
    ),
    fc.string({ maxLength: 12 }),
  )
  .filter((type) => type !== '*' && !type.startsWith('xstate.'));

/**
 * Throws `Error(message)` when `condition` is false. The property tests call it tens of thousands of
 * times per run, where Vitest's `expect` would cost seconds; the message names the step that broke.
 * @throws Error when the invariant does not hold.
 */
export function invariant(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}
