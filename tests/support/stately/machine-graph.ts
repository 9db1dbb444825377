/**
 * A machine's graph as the Stately editor sees it, and as it runs: designers read the machines in
 * Stately's editor, so the editor must show exactly what runs.
 *
 * Stately's VS Code editor reads a machine file with `@xstate/machine-extractor`: it parses the source,
 * finds each `createMachine({ … })` call and turns the object literal into a config (`toConfig()`).
 * {@link extractMachineFile} does the same and records every warning the extractor prints (it warns with
 * `console.warn` when it meets a value it cannot show, such as an identifier or an arrow function, and
 * drops that value). {@link machineGraph} reads a RUNNING machine (its resolved state nodes) as sorted,
 * human-readable lines: every state node (id, type, initial state, description, tags, history), entry
 * and exit actions, invocations (src, id), every transition (event, delay, eventless, invoke onDone and
 * onError, state onDone) with its guard, targets, re-entry, actions (with static params) and
 * description, and the initial context. {@link extractedGraph} builds an XState 5 machine from the
 * extracted config and reads it with the same function, so targets resolve exactly as XState resolves
 * them; {@link compareGraphs} lists what the extractor lost and what it added.
 */
import {
  extractMachinesFromFile,
  type ExtractorGuard,
  type ExtractorInvokeNodeConfig,
  type ExtractorMachineAction,
  type ExtractorMachineConfig,
  type ExtractorStateNodeConfig,
  type ExtractrorTransitionNodeConfig,
  type MachineExtractResult,
} from '@xstate/machine-extractor';
import { createMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/** One machine found in a source file, with the config the editor shows. */
export interface ExtractedMachine {
  /** The machine's `id` (the root's), or `(no id)`. */
  id: string;
  config: ExtractorMachineConfig;
}

/** What the extractor made of one file. */
export interface FileExtraction {
  machines: ExtractedMachine[];
  /** Each `console.warn` / `console.error` the extractor printed, as text; the editor loses that value. */
  warnings: string[];
}

type MaybeArray<T> = T | T[];
const toArray = <T>(value: MaybeArray<T> | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Text of one console call: the message, then `key` and node `type` of any object argument. */
function consoleText(args: unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === 'string') return arg;
      if (arg && typeof arg === 'object') {
        const { key, value } = arg as { key?: unknown; value?: { type?: unknown } };
        if (key !== undefined) return `(key '${String(key)}')`;
        if (value !== undefined) return `(${String(value.type ?? 'value')})`;
      }
      return String(arg);
    })
    .join(' ');
}

/**
 * `toConfig()` of version 0.16 keeps XState 4's `internal` only and drops XState 5's `reenter: true`,
 * which its parser does read. Copies it from the parse tree onto the config's transitions, found by the
 * paths the extractor's own `getTransitions()` reports.
 * @throws when a reported transition is not in the config (the extractor disagrees with itself).
 */
function copyReenter(result: MachineExtractResult, config: ExtractorMachineConfig): void {
  for (const { config: transition, fromPath, transitionPath } of result.getTransitions()) {
    const reenter = (transition as { reenter?: { value: boolean } } | undefined)?.reenter?.value;
    if (typeof reenter !== 'boolean') continue;
    let node: ExtractorStateNodeConfig | undefined = config;
    for (const key of fromPath) node = node?.states?.[key];
    const path = transitionPath as (string | number)[];
    let list: ExtractrorTransitionNodeConfig[] = [];
    if (path[0] === 'on') list = toArray(node?.on?.[path[1] as string]);
    else if (path[0] === 'after') list = toArray(node?.after?.[path[1] as string]);
    else if (path[0] === 'always') list = toArray(node?.always);
    else if (path[0] === 'onDone') list = toArray(node?.onDone);
    else if (path[0] === 'invoke') {
      const invoke = toArray(node?.invoke)[path[1] as number];
      list = toArray(path[2] === 'onDone' ? invoke?.onDone : invoke?.onError);
    }
    const target = list[path[path.length - 1] as number];
    if (!target) {
      throw new Error(
        `The extractor reports a transition it left out of its config: ${fromPath.join('.')} ${path.join(' ')}.`,
      );
    }
    (target as { reenter?: boolean }).reenter = reenter;
  }
}

/**
 * Extracts every machine of a source file as the Stately editor does (`extractMachinesFromFile`, then
 * `toConfig()` per machine), recording the extractor's warnings instead of printing them.
 * @throws when the extractor throws (a source it cannot parse).
 */
export function extractMachineFile(source: string): FileExtraction {
  const warnings: string[] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => warnings.push(consoleText(args));
  console.error = (...args: unknown[]) => warnings.push(consoleText(args));
  try {
    const results = (extractMachinesFromFile(source)?.machines ?? []).filter(
      (result): result is MachineExtractResult => result !== undefined,
    );
    const machines = results.map((result) => {
      const config = result.toConfig();
      if (!config) throw new Error('The extractor found a createMachine call without a config object.');
      copyReenter(result, config);
      return { id: config.id ?? '(no id)', config };
    });
    return { machines, warnings };
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

function withParams(name: string, object: object): string {
  if (!('params' in object) || object.params === undefined) return name;
  const { params } = object;
  if (typeof params === 'function') return `${name}(params computed by a function)`;
  if (params && typeof params === 'object' && Object.keys(params).length === 0) return name;
  return `${name}(${JSON.stringify(params)})`;
}

/**
 * A guard or action by name, with static params: `hasItems`, `selectColour`, `xstate.assign` (XState's
 * built-ins are functions that carry their type), `isWithin({"max":3})`, or `inline` for a function
 * written in place.
 */
function implementationName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    const { type } = value as { type?: unknown };
    return typeof type === 'string' ? type : 'inline';
  }
  if (value && typeof value === 'object' && 'type' in value) return withParams(String(value.type), value);
  return 'inline';
}

const quoted = (text: string | undefined | null) => (text ? ` "${text}"` : '');

const srcName = (src: unknown) =>
  typeof src === 'string' && !src.startsWith('xstate.invoke.') ? src : 'inline';

/** The name of what fires a transition of `node` whose event type is `eventType`. */
function triggerOf(node: AnyStateNode, eventType: string): string {
  const delayed = node.after.find((after) => after.eventType === eventType);
  if (delayed) return `after ${String(delayed.delay)}`;
  for (const [index, invoke] of node.invoke.entries()) {
    const src = srcName(invoke.src);
    if (eventType === `xstate.done.actor.${invoke.id}`) return `invoke[${index}] ${src} onDone`;
    if (eventType === `xstate.error.actor.${invoke.id}`) return `invoke[${index}] ${src} onError`;
    if (eventType === `xstate.snapshot.${invoke.id}`) return `invoke[${index}] ${src} onSnapshot`;
  }
  if (eventType === `xstate.done.state.${node.id}`) return 'onDone';
  return `on ${eventType}`;
}

const statePath = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : '(root)');

function transitionLine(
  node: AnyStateNode,
  trigger: string,
  ordinal: number,
  transition: AnyTransitionDefinition,
): string {
  const targets = (transition.target ?? []).map(statePath);
  return [
    `transition ${statePath(node)} ${trigger} #${ordinal}:`,
    transition.guard === undefined ? '' : ` [${implementationName(transition.guard)}]`,
    targets.length ? ` → ${targets.join(', ')}` : ' (targetless)',
    transition.reenter ? ' (re-enters)' : '',
    transition.actions.length ? ` / ${transition.actions.map(implementationName).join(', ')}` : '',
    quoted(transition.description),
  ].join('');
}

/** The lines of one state node and its transitions (not its children). */
function stateNodeLines(node: AnyStateNode): string[] {
  const path = statePath(node);
  const initial = node.type === 'compound' ? node.initial.target[0]?.key : undefined;
  const lines = [
    [
      `state ${path}: #${node.id}, ${node.type}`,
      initial ? `, initial ${initial}` : '',
      node.type === 'history' ? `, history ${String(node.history)}` : '',
      node.tags.length ? `, tags ${[...node.tags].sort().join(' ')}` : '',
      quoted(node.description),
    ].join(''),
  ];
  // As written: the node's resolved `entry`/`exit` also hold the actions XState adds to schedule and
  // cancel its `after` timers, which the delayed transitions already stand for.
  const entry = toArray(node.config.entry as MaybeArray<unknown> | undefined);
  const exit = toArray(node.config.exit as MaybeArray<unknown> | undefined);
  if (entry.length) lines.push(`entry ${path}: ${entry.map(implementationName).join(', ')}`);
  if (exit.length) lines.push(`exit ${path}: ${exit.map(implementationName).join(', ')}`);
  for (const [index, invoke] of node.invoke.entries()) {
    lines.push(`invoke ${path} [${index}]: ${srcName(invoke.src)} (id ${invoke.id})`);
  }
  for (const [eventType, transitions] of node.transitions) {
    const trigger = triggerOf(node, eventType);
    transitions.forEach((transition, index) =>
      lines.push(transitionLine(node, trigger, index + 1, transition)),
    );
  }
  node.always?.forEach((transition, index) =>
    lines.push(transitionLine(node, 'always', index + 1, transition)),
  );
  return lines;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)];
}

/** A context as a line: its JSON (keys sorted), or `computed` when a function makes it. */
function contextLine(context: unknown): string {
  if (context === undefined) return 'context: none';
  if (typeof context === 'function') return 'context: computed by a function';
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, item]) => [key, sorted(item)]),
        )
      : value;
  return `context: ${JSON.stringify(sorted(context))}`;
}

function graphLines(machine: AnyStateMachine, context: unknown): string[] {
  return [
    `machine ${machine.id}`,
    contextLine(context),
    ...allStateNodes(machine.root).flatMap(stateNodeLines),
  ].sort();
}

/**
 * The graph of a running machine as sorted lines (see the module comment), e.g.
 * `transition toast.visible after toastDuration #1: → toast.hidden`.
 */
export function machineGraph(machine: AnyStateMachine): string[] {
  return graphLines(machine, machine.config.context);
}

/** An extractor's JSON expression string (`{{ … }}`): code the editor shows as text. */
const isExpression = (value: unknown) => typeof value === 'string' && /^\{\{[\s\S]*\}\}$/.test(value);

function v5Guard(guard: ExtractorGuard): unknown {
  if (guard.kind === 'inline') return 'inline';
  return Object.keys(guard.params ?? {}).length ? { type: guard.type, params: guard.params } : guard.type;
}

function v5Action(action: ExtractorMachineAction): unknown {
  if (action.kind === 'inline') return 'inline';
  if (action.kind === 'builtin') return action.action.type;
  const { type, params } = action.action as { type: string; params?: object };
  return params !== undefined && Object.keys(params).length ? { type, params } : type;
}

function v5Transitions(transitions: MaybeArray<ExtractrorTransitionNodeConfig> | undefined) {
  return toArray(transitions).map((transition) => ({
    ...(transition.target !== undefined ? { target: transition.target } : {}),
    ...(transition.cond ? { guard: v5Guard(transition.cond) } : {}),
    actions: toArray(transition.actions).map(v5Action),
    ...(transition.description ? { description: transition.description } : {}),
    // XState 4's `internal: false` is XState 5's `reenter: true`.
    ...((transition as { reenter?: boolean }).reenter === true || transition.internal === false
      ? { reenter: true }
      : {}),
  }));
}

const mapValues = <T, U>(record: Record<string, T> | undefined, map: (value: T) => U) =>
  record ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) : undefined;

function v5StateConfig(config: ExtractorStateNodeConfig): Record<string, unknown> {
  const history = config.history === true ? 'deep' : config.history === false ? undefined : config.history;
  return {
    id: config.id,
    initial: config.initial,
    type: config.type,
    ...(history ? { history } : {}),
    description: config.description,
    tags: config.tags,
    entry: [...toArray(config.entry), ...toArray(config.onEntry)].map(v5Action),
    exit: [...toArray(config.exit), ...toArray(config.onExit)].map(v5Action),
    on: mapValues(config.on, v5Transitions),
    after: mapValues(
      config.after as Record<string, MaybeArray<ExtractrorTransitionNodeConfig>>,
      v5Transitions,
    ),
    always: config.always === undefined ? undefined : v5Transitions(config.always),
    onDone: config.onDone === undefined ? undefined : v5Transitions(config.onDone),
    invoke: toArray<ExtractorInvokeNodeConfig>(config.invoke).map((invoke) => ({
      src: invoke.kind === 'named' ? invoke.src : 'xstate.invoke.inline',
      ...(invoke.id ? { id: invoke.id } : {}),
      onDone: v5Transitions(invoke.onDone),
      onError: v5Transitions(invoke.onError),
    })),
    states: mapValues(config.states, v5StateConfig),
  };
}

/**
 * The graph of an extracted machine: an XState 5 machine built from the extracted config (names only;
 * code the editor shows as text counts as `inline`, a context it shows as text as computed), read like
 * {@link machineGraph}.
 * @throws when XState rejects the extracted config (e.g. a target the editor cannot resolve).
 */
export function extractedGraph({ config }: ExtractedMachine): string[] {
  const machine = createMachine(v5StateConfig(config) as Parameters<typeof createMachine>[0]);
  return graphLines(machine, isExpression(config.context) ? () => ({}) : config.context);
}

/** What the editor's graph lacks, and what it has that the running machine does not. */
export interface GraphDifference {
  /** Lines of the running machine missing from the extracted graph. */
  lost: string[];
  /** Lines of the extracted graph the running machine does not have. */
  added: string[];
}

/** Compares a running machine's graph with the extracted one, line by line (as multisets). */
export function compareGraphs(running: readonly string[], extracted: readonly string[]): GraphDifference {
  const minus = (from: readonly string[], other: readonly string[]) => {
    const left = [...other];
    return from.filter((line) => {
      const index = left.indexOf(line);
      if (index === -1) return true;
      left.splice(index, 1);
      return false;
    });
  };
  return { lost: minus(running, extracted), added: minus(extracted, running) };
}

/** The verdict on one machine file: warnings, and per machine what was lost or added. */
export interface FileVerdict {
  warnings: string[];
  machines: { id: string; running: string[]; difference: GraphDifference }[];
  /** Running machines the extractor did not find, and extracted ones no export runs. */
  unmatched: string[];
}

/**
 * Extracts `source` and compares each machine found with the running machine of the same id.
 * @throws like {@link extractMachineFile} and {@link extractedGraph}.
 */
export function checkMachineFile(source: string, running: readonly AnyStateMachine[]): FileVerdict {
  const { machines, warnings } = extractMachineFile(source);
  const extractedIds = new Set(machines.map((machine) => machine.id));
  const runningIds = new Set(running.map((machine) => machine.id));
  return {
    warnings,
    machines: machines
      .filter((extracted) => runningIds.has(extracted.id))
      .map((extracted) => {
        const graph = machineGraph(running.find((machine) => machine.id === extracted.id)!);
        return {
          id: extracted.id,
          running: graph,
          difference: compareGraphs(graph, extractedGraph(extracted)),
        };
      }),
    unmatched: [
      ...[...runningIds]
        .filter((id) => !extractedIds.has(id))
        .map((id) => `running machine '${id}' not extracted`),
      ...[...extractedIds]
        .filter((id) => !runningIds.has(id))
        .map((id) => `extracted machine '${id}' is not a running machine of the file`),
    ],
  };
}

/** A verdict as a list of problems: empty when the editor shows the machines exactly as they run. */
export function verdictProblems(file: string, verdict: FileVerdict): string[] {
  return [
    ...verdict.warnings.map((warning) => `${file}: extractor warning: ${warning}`),
    ...verdict.unmatched.map((problem) => `${file}: ${problem}`),
    ...verdict.machines.flatMap(({ id, difference }) => [
      ...difference.lost.map((line) => `${file} (${id}): lost by the extractor: ${line}`),
      ...difference.added.map((line) => `${file} (${id}): added by the extractor: ${line}`),
    ]),
  ];
}
