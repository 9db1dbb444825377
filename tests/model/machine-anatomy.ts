/**
 * The anatomy of an XState machine as plain data: every state node and every transition (event,
 * delayed and eventless), with guards, actions and delays by name. One reading of a machine shared by
 * the derived test model's drift check, the coverage catalogue and the statechart docs generator, so
 * all three agree on what "a transition" is and what it is called.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** What fires a transition. A delay's `ms` is its fixed length in milliseconds. */
export type TransitionTrigger =
  { kind: 'event'; eventType: string } | { kind: 'delay'; delay: string; ms: number } | { kind: 'always' };

/** One state node: its id (`#id`), key, type, parent id and initial child key (compound nodes). */
export interface StateNodeInfo {
  id: string;
  key: string;
  type: AnyStateNode['type'];
  parentId: string | null;
  initial: string | null;
  description: string | null;
}

/** One transition of a machine, named so the same transition reads the same in every machine it appears in. */
export interface TransitionInfo {
  /** Unique, human-readable: `toast.visible: after toastDuration → toast.hidden`. */
  key: string;
  sourceId: string;
  trigger: TransitionTrigger;
  /** The guard's name (`canDecrement`), `inline` for an anonymous function, or null when unguarded. */
  guard: string | null;
  /** Target state node ids; empty for a targetless transition (actions only). */
  targetIds: string[];
  reenter: boolean;
  /** Action names in order (`inline` for anonymous functions). */
  actions: string[];
  description: string | null;
  /** The machine's own transition object, for looking keys up from inspection events. */
  definition: AnyTransitionDefinition;
}

/** Every state node (the root first) and every transition of a machine. */
export interface MachineAnatomy {
  machineId: string;
  states: StateNodeInfo[];
  transitions: TransitionInfo[];
}

/** How a derived machine maps its own names back to the source machine's. */
export interface AnatomyOptions {
  /** Event types that stand for delayed transitions (`delay.toastDuration` → its delay), as derived. */
  delayEvents?: ReadonlyMap<string, { delay: string; ms: number }>;
  /** Returns the source machine's guard for a guard that was wrapped (coverage instrumentation). */
  originalGuard?: (guard: unknown) => unknown;
}

function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return value.name && value.name !== 'anonymous' ? value.name : 'inline';
  if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string')
    return value.type;
  return 'inline';
}

/**
 * The delay length in ms of a delay key (`'toastDuration'` or a literal such as `'3000'`).
 * @throws when the delay is not a fixed number of ms (a function of context/event, or unknown).
 */
export function resolveDelayMs(machine: AnyStateMachine, delay: string | number): number {
  if (typeof delay === 'number') return delay;
  if (/^\d+$/.test(delay)) return Number(delay);
  const implementation: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof implementation === 'number') return implementation;
  throw new Error(
    `Delay '${delay}' of machine '${machine.id}' is not a fixed number of ms, so no test clock can advance by it exactly.`,
  );
}

function triggerOf(machine: AnyStateMachine, transition: AnyTransitionDefinition, options: AnatomyOptions) {
  const derived = options.delayEvents?.get(transition.eventType);
  if (derived) return { kind: 'delay', delay: derived.delay, ms: derived.ms } as const;
  const delayed = transition.source.after.find((after) => after.eventType === transition.eventType);
  if (delayed) {
    const delay = String(delayed.delay);
    return { kind: 'delay', delay, ms: resolveDelayMs(machine, delay) } as const;
  }
  if (transition.eventType === '') return { kind: 'always' } as const;
  return { kind: 'event', eventType: transition.eventType } as const;
}

/** The trigger as a label: the event type, `after toastDuration` or `always`. */
export function triggerLabel(trigger: TransitionTrigger): string {
  if (trigger.kind === 'event') return trigger.eventType;
  if (trigger.kind === 'delay') return `after ${trigger.delay}`;
  return 'always';
}

/**
 * Reads a machine's state nodes and transitions. Delayed transitions are read from each node's
 * `after` (or, for a derived test machine, from `options.delayEvents`); eventless ones from `always`.
 */
export function machineAnatomy(machine: AnyStateMachine, options: AnatomyOptions = {}): MachineAnatomy {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const states = nodes.map((node): StateNodeInfo => ({
    id: node.id,
    key: node.key,
    type: node.type,
    parentId: node.parent?.id ?? null,
    initial: node.type === 'compound' ? (node.initial.target[0]?.key ?? null) : null,
    description: node.description ?? null,
  }));

  const seen = new Map<string, number>();
  const transitions = nodes.flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((definition): TransitionInfo => {
      const trigger = triggerOf(machine, definition, options);
      const guard =
        definition.guard === undefined
          ? null
          : nameOf(options.originalGuard?.(definition.guard) ?? definition.guard);
      const targetIds = (definition.target ?? []).map((target) => target.id);
      const base = `${node.id}: ${triggerLabel(trigger)}${guard ? ` [${guard}]` : ''}${
        targetIds.length ? ` → ${targetIds.join(', ')}` : ' (no target)'
      }${definition.reenter ? ' (re-enters)' : ''}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      return {
        key: count === 1 ? base : `${base} #${count}`,
        sourceId: node.id,
        trigger,
        guard,
        targetIds,
        reenter: definition.reenter,
        actions: definition.actions.map(nameOf),
        description: definition.description ?? null,
        definition,
      };
    }),
  );
  return { machineId: machine.id, states, transitions };
}

/**
 * The key of a machine's transition from `sourceId` for `trigger` (an event type, `after <delay>` or
 * `always`).
 * @throws when the machine has no such transition or more than one (the caller must then be precise).
 */
export function transitionKey(anatomy: MachineAnatomy, sourceId: string, trigger: string): string {
  const matches = anatomy.transitions.filter(
    (transition) => transition.sourceId === sourceId && triggerLabel(transition.trigger) === trigger,
  );
  if (matches.length !== 1) {
    throw new Error(
      `Machine '${anatomy.machineId}' has ${matches.length} transitions '${trigger}' from '${sourceId}'.`,
    );
  }
  return matches[0]!.key;
}
