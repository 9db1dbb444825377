/**
 * Generates docs/statecharts.md from the machine definitions: per machine a Mermaid
 * `stateDiagram-v2` (states, parallel regions, events, delays, guards and actions by name) and tables of
 * its states, transitions, delays and guards. Nothing is written by hand, so the page cannot drift from
 * the machines; tests/tooling/scripts/docs/generate-statecharts.test.ts fails when the committed file is stale.
 *
 * Usage: `npm run docs:statecharts` (runs this file with tsx).
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import type { AnyStateMachine } from 'xstate';
import { checkoutMachine } from '@machines/checkout-machine';
import { storefrontMachine } from '@machines/storefront-machine';
import {
  machineAnatomy,
  triggerLabel,
  type MachineAnatomy,
  type StateNodeInfo,
  type TransitionInfo,
} from '@support/model/machine-anatomy';
import { GALLERY_DOC, stateAnchor } from '@support/visual/gallery-names';

/** The machines documented, with the file each lives in (for the Stately editor instructions). */
const MACHINES: readonly { machine: AnyStateMachine; file: string }[] = [
  { machine: storefrontMachine, file: 'machines/storefront-machine.ts' },
  { machine: checkoutMachine, file: 'machines/checkout-machine.ts' },
];

/** Where the page is written, from the repository root. */
export const STATECHARTS_DOC = 'docs/statecharts.md';

/** The link from this page to a state's entry in the state gallery (its pictures). */
const galleryLink = (machine: string, id: string) =>
  `${relative(dirname(STATECHARTS_DOC), GALLERY_DOC)}#${stateAnchor(machine, id)}`;

/** A Mermaid state id: the XState id with anything but letters, digits and `_` replaced. */
const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

/** A transition's label: `event [guard] / action, action`; delays show their length. */
function transitionLabel(transition: TransitionInfo): string {
  const { trigger, guard, actions, reenter } = transition;
  const when =
    trigger.kind === 'delay' ? `${triggerLabel(trigger)} (${trigger.ms} ms)` : triggerLabel(trigger);
  return [
    when,
    guard ? ` [${guard}]` : '',
    actions.length ? ` / ${actions.join(', ')}` : '',
    reenter ? ' (re-enters)' : '',
  ].join('');
}

/** The Mermaid lines of a state node and everything inside it, indented by `depth`. */
function stateLines(anatomy: MachineAnatomy, state: StateNodeInfo, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const children = anatomy.states.filter((child) => child.parentId === state.id);
  if (children.length === 0) return [`${indent}state "${state.key}" as ${mermaidId(state.id)}`];

  const block = (nodes: StateNodeInfo[], initial: string | null) => [
    ...(initial ? [`${indent}  [*] --> ${mermaidId(nodes.find((node) => node.key === initial)!.id)}`] : []),
    ...nodes.flatMap((node) => stateLines(anatomy, node, depth + 1)),
    // Transitions between children are drawn inside their parent; targetless ones are in the table.
    ...anatomy.transitions
      .filter(
        (transition) => nodes.some((node) => node.id === transition.sourceId) && transition.targetIds.length,
      )
      .flatMap((transition) =>
        transition.targetIds.map(
          (target) =>
            `${indent}  ${mermaidId(transition.sourceId)} --> ${mermaidId(target)} : ${transitionLabel(transition)}`,
        ),
      ),
    ...nodes
      .filter((node) => node.type === 'final')
      .map((node) => `${indent}  ${mermaidId(node.id)} --> [*]`),
  ];
  // Parallel regions are separated by `--`; every region starts in its own initial state.
  const body =
    state.type === 'parallel'
      ? children.flatMap((region, index) => [
          ...(index > 0 ? [`${indent}  --`] : []),
          ...stateLines(anatomy, region, depth + 1),
        ])
      : block(children, state.initial);
  // Composite states go by their id: Mermaid mislays composites declared as `state "label" as id {`.
  return [`${indent}state ${mermaidId(state.id)} {`, ...body, `${indent}}`];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** One machine's section of the page. */
function machineSection(machine: AnyStateMachine, file: string): string {
  const anatomy = machineAnatomy(machine);
  const root = anatomy.states[0]!;
  const delays = Object.entries(machine.implementations.delays as Record<string, unknown>);
  const guards = Object.keys(machine.implementations.guards as Record<string, unknown>);
  const events = [
    ...new Set(
      anatomy.transitions
        .filter((transition) => transition.trigger.kind === 'event')
        .map((transition) => triggerLabel(transition.trigger)),
    ),
  ];
  return [
    `## ${root.key}`,
    '',
    root.description ?? '',
    '',
    `Source: \`${file}\`${root.type === 'parallel' ? ' (parallel regions, separated by `--`)' : ''}. Events: ${events
      .map((event) => `\`${event}\``)
      .join(', ')}.`,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...stateLines(anatomy, root, 1),
    '```',
    '',
    '### States',
    '',
    'Each state links to what a shopper sees in it: its pictures in the state gallery (docs/states.md).',
    '',
    '| State | Type | Description |',
    '| --- | --- | --- |',
    ...anatomy.states
      .filter((state) => state.parentId !== null)
      .map(
        (state) =>
          `| [\`${state.id}\`](${galleryLink(anatomy.machineId, state.id)}) | ${state.type} | ${cell(state.description ?? '')} |`,
      ),
    '',
    '### Transitions',
    '',
    'Targetless transitions run their actions without leaving the state; a guard names the condition.',
    '',
    '| From | Event or delay | Guard | To | Actions | Description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...anatomy.transitions.map(
      (transition) =>
        `| \`${transition.sourceId}\` | ${triggerLabel(transition.trigger)} | ${transition.guard ?? ''} | ${
          transition.targetIds.map((id) => `\`${id}\``).join(', ') || '(targetless)'
        }${transition.reenter ? ' (re-enters)' : ''} | ${transition.actions.join(', ')} | ${cell(
          transition.description ?? '',
        )} |`,
    ),
    '',
    '### Delays and guards',
    '',
    ...(delays.length
      ? delays.map(([name, ms]) => `- delay \`${name}\`: ${typeof ms === 'number' ? `${ms} ms` : 'computed'}`)
      : ['- no delays']),
    ...guards.map((name) => `- guard \`${name}\``),
    '',
  ].join('\n');
}

/** The whole page, formatted with the project's Prettier settings (so `npm run format` leaves it be). */
export async function renderStatechartsDoc(): Promise<string> {
  const page = [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run docs:statecharts` (scripts/docs/generate-statecharts.ts) from the machine definitions. Do not edit by hand. -->',
    '',
    'The two XState machines behind the shop, drawn from their definitions: states, parallel regions,',
    'events, delays (with their length), guards and actions by name. GitHub and most Markdown viewers',
    'render the Mermaid diagrams. To edit a machine visually, open it in the Stately editor (see the',
    'docs/architecture.md, "Statecharts for designers").',
    '',
    '## What the Stately editor shows',
    '',
    'The Stately editor reads a machine file with `@xstate/machine-extractor`, not by running it. A test',
    '(`tests/unit/machines/stately/machine-extractor.test.ts`) extracts every `machines/*-machine.ts` the same way and',
    "compares the extracted graph with the running machine's: every state node (id, type, initial state,",
    'description), every event, delayed (`after`), eventless and invoke (`onDone`, `onError`) transition',
    'with its target, guard, actions and re-entry, the entry and exit actions, each invoked actor by name',
    'and the initial context. Nothing may be lost or added, and any extractor warning (a value the editor',
    'cannot show, such as a constant or an arrow function) fails it. So what a designer sees in the',
    'editor, and on this page, is the machine as it runs. The machines are also linted with',
    "eslint-plugin-xstate's recommended rules for XState 5 (`npm run lint`).",
    '',
    ...MACHINES.map(({ machine, file }) => machineSection(machine, file)),
  ].join('\n');
  const options = await prettier.resolveConfig(
    fileURLToPath(new URL(`../../${STATECHARTS_DOC}`, import.meta.url)),
  );
  return prettier.format(page, { ...options, parser: 'markdown' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(new URL(`../../${STATECHARTS_DOC}`, import.meta.url), await renderStatechartsDoc());
  console.log(`Wrote ${STATECHARTS_DOC}.`);
}
