/**
 * A machine's state nodes and transitions (event, delayed, eventless) as plain data, with guards,
 * actions and delays by name: the one reading shared by the drift check, the coverage catalogue and
 * scripts/docs/generate-statecharts.ts, so all three agree on what a transition is called.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export type MachineAnatomy = ReturnType<typeof machineAnatomy>;
export type StateNodeInfo = MachineAnatomy['states'][number];
export type TransitionInfo = MachineAnatomy['transitions'][number];
/** What fires a transition: an event, a delay (`ms` long), or nothing (`always`). */
type Trigger =
  { kind: 'event'; eventType: string } | { kind: 'delay'; delay: string; ms: number } | { kind: 'always' };

const nameOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'function' && value.name && value.name !== 'anonymous'
      ? value.name
      : value && typeof value === 'object' && 'type' in value && typeof value.type === 'string'
        ? value.type
        : 'inline';

/**
 * The length in ms of a delay (`'toastDuration'` or a literal such as `'3000'`).
 * @throws when it is not a fixed number (computed, or unknown): no test clock can hit it exactly.
 */
export function resolveDelayMs(machine: AnyStateMachine, delay: string): number {
  const ms: unknown = /^\d+$/.test(delay)
    ? Number(delay)
    : (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof ms === 'number') return ms;
  throw new Error(
    `Delay '${delay}' of machine '${machine.id}' is not a fixed number of ms, so no test clock can advance by it exactly.`,
  );
}

/** A trigger as written: the event type, `after toastDuration` or `always`. */
export const triggerLabel = (trigger: Trigger): string =>
  trigger.kind === 'event'
    ? trigger.eventType
    : trigger.kind === 'delay'
      ? `after ${trigger.delay}`
      : 'always';

/**
 * Reads a machine: its state nodes, the root first (id, key, type, parent id, initial child key,
 * description), and its transitions, each with a unique readable `key`
 * (`toast.visible: after toastDuration → toast.hidden`), its trigger (an event; a delay with its ms;
 * or `always`), guard and action names (`inline` for anonymous functions), target ids, re-entry,
 * description and XState's own `definition`. A derived test machine passes `delayEvents` (its
 * `delay.<name>` events, read as the delays they stand for) and `originalGuard` (the real guard behind
 * a coverage wrapper), so it reads exactly as the real machine.
 */
export function machineAnatomy(
  machine: AnyStateMachine,
  options: {
    delayEvents?: ReadonlyMap<string, { delay: string; ms: number }>;
    originalGuard?: (guard: unknown) => unknown;
  } = {},
) {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const triggerOf = ({ eventType, source }: AnyTransitionDefinition): Trigger => {
    const after = source.after.find((delayed) => delayed.eventType === eventType);
    const delay = options.delayEvents?.get(eventType)?.delay ?? (after && String(after.delay));
    if (delay !== undefined) return { kind: 'delay', delay, ms: resolveDelayMs(machine, delay) };
    return eventType === '' ? { kind: 'always' } : { kind: 'event', eventType };
  };
  const seen = new Map<string, number>();
  const transitions = nodes.flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((definition) => {
      const trigger = triggerOf(definition);
      const { guard: rawGuard, reenter } = definition;
      const guard = rawGuard === undefined ? null : nameOf(options.originalGuard?.(rawGuard) ?? rawGuard);
      const targetIds = (definition.target ?? []).map((target) => target.id);
      const base = `${node.id}: ${triggerLabel(trigger)}${guard ? ` [${guard}]` : ''}${
        targetIds.length ? ` → ${targetIds.join(', ')}` : ' (no target)'
      }${reenter ? ' (re-enters)' : ''}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const key = count === 1 ? base : `${base} #${count}`;
      const description = definition.description ?? null;
      return {
        key,
        sourceId: node.id,
        trigger,
        guard,
        targetIds,
        reenter,
        actions: definition.actions.map(nameOf),
        description,
        definition,
      };
    }),
  );
  const states = nodes.map((node) => ({
    id: node.id,
    key: node.key,
    type: node.type,
    parentId: node.parent?.id ?? null,
    initial: node.type === 'compound' ? (node.initial.target[0]?.key ?? null) : null,
    description: node.description ?? null,
  }));
  return { machineId: machine.id, states, transitions };
}

/**
 * The key of the one transition from `sourceId` for `trigger` (as {@link triggerLabel} writes it).
 * @throws when there is none or more than one.
 */
export function transitionKey(anatomy: MachineAnatomy, sourceId: string, trigger: string): string {
  const matches = anatomy.transitions.filter(
    (transition) => transition.sourceId === sourceId && triggerLabel(transition.trigger) === trigger,
  );
  if (matches.length !== 1)
    throw new Error(
      `Machine '${anatomy.machineId}' has ${matches.length} transitions '${trigger}' from '${sourceId}'.`,
    );
  return matches[0]!.key;
}
