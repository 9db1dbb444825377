/**
 * Reads a replay's plan from its URL parameter (`/?replay=<plan>`, ./open-replay.ts): base64url of
 * UTF-8 JSON, checked against the shape of {@link ReplayPlan} with valibot, since a URL is anyone's
 * to write.
 */
import * as v from 'valibot';
import type { ReplayPlan } from './state-link-plan';

const machine = v.picklist(['storefront', 'checkout']);
const event = v.looseObject({ type: v.string() });
const step = v.variant('kind', [
  v.object({ kind: v.literal('send'), machine, event }),
  v.object({ kind: v.literal('wait'), delay: v.string(), ms: v.pipe(v.number(), v.minValue(0)) }),
  v.object({
    kind: v.literal('download'),
    outcome: v.picklist(['loaded', 'offline', 'unavailable', 'outdated']),
  }),
  v.object({ kind: v.literal('order'), events: v.array(event) }),
  v.object({ kind: v.literal('arrive') }),
  v.object({ kind: v.literal('leave') }),
]);
const plan = v.object({
  machine,
  route: v.picklist(['/', '/checkout']),
  checkoutInput: v.optional(v.unknown()),
  steps: v.array(v.array(step)),
  labels: v.array(v.string()),
  failing: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/**
 * The plan a replay parameter carries.
 * @throws an Error saying what is wrong: not base64url JSON, or not a plan (its first issue).
 */
export function decodeReplayPlan(parameter: string): ReplayPlan {
  let json: unknown;
  try {
    const binary = atob(parameter.replaceAll('-', '+').replaceAll('_', '/'));
    json = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    throw new Error('The replay is not a plan a failed run printed (not base64url JSON).');
  }
  const result = v.safeParse(plan, json);
  if (!result.success) throw new Error(`The replay's plan is not whole: ${result.issues[0].message}.`);
  if (result.output.labels.length !== result.output.steps.length)
    throw new Error("The replay's plan is not whole: a label for each step.");
  return result.output as ReplayPlan;
}
