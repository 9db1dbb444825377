/**
 * Stand-in for XState 4's `xstate/lib/actions`, which `@xstate/machine-extractor` 0.16 imports at load
 * time. The project runs XState 5, which has no `lib/` entry points, so vitest.config.ts (its
 * `stately` project) points that import here for the extractor test only. The extractor calls these
 * creators while it parses a built-in action call written inside a machine config (`assign(...)`,
 * `raise(...)`, …) and keeps the result on its parse tree; `toConfig()`, which the test compares, builds
 * its own action objects and never reads them. Each creator returns the action object's XState 4
 * `type`, nothing else.
 */

/** An XState 4 built-in action object as far as the extractor needs one: its type. */
export interface V4ActionObject {
  type: `xstate.${string}`;
}

const creator =
  (name: string) =>
  (..._args: unknown[]): V4ActionObject => ({ type: `xstate.${name}` });

/** `after(delay)`: the v4 delayed-event action. */
export const after = creator('after');
/** `cancel(id)`. */
export const cancel = creator('cancel');
/** `done(id)`. */
export const done = creator('done');
/** `escalate(error)`. */
export const escalate = creator('escalate');
/** `log(expr)`. */
export const log = creator('log');
/** `pure(fn)`. */
export const pure = creator('pure');
/** `raise(event)`. */
export const raise = creator('raise');
/** `respond(event)`. */
export const respond = creator('respond');
/** `sendParent(event)`. */
export const sendParent = creator('sendParent');
/** `sendUpdate()`. */
export const sendUpdate = creator('sendUpdate');
/** `start(actor)`. */
export const start = creator('start');
/** `stop(actor)`. */
export const stop = creator('stop');
/** `choose(conditions)`. */
export const choose = creator('choose');
/** `assign(assignment)`. */
export const assign = creator('assign');
/** `send(event)`. */
export const send = creator('send');
/** `forwardTo(target)`. */
export const forwardTo = creator('forwardTo');
