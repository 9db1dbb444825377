/**
 * What a chart change touches, for a pull request: `npm run statecharts:diff -- <git ref>` compares the
 * machines at that ref with the working tree's (or, given a second ref, with that ref's), read as the Stately editor reads them (the extraction
 * tests/unit/machines/stately/machine-extractor.test.ts checks, tests/support/stately/machine-graph.ts),
 * plus each delay's length from the machines' `setup()`. It prints Markdown: per machine the states,
 * transitions (with their guards, actions and descriptions), entry and exit actions, invocations and
 * delays added, removed or changed; then what the changed states touch in the working tree: their
 * pictures (docs/states.md), the covering paths that pass through them (docs/test-paths.md), the
 * requirements traced to them (machines/requirements.ts) and those requirements' test files
 * (docs/traceability.md).
 *
 * Usage: npm run statecharts:diff -- <git ref> [<git ref>]   (e.g. main, HEAD~3, a commit)
 * Exit code: 0 when the charts are equal, 1 when they differ, 2 when a ref cannot be read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { checkoutMachine } from '@machines/checkout-machine';
import { storefrontMachine } from '@machines/storefront-machine';
import { checkout } from '@support/model/checkout-model';
import { pathName } from '@support/model/derive-test-model';
import type { ModelSuite } from '@support/model/model-suite';
import { storefront } from '@support/model/storefront-model';
import { extractMachineFile, extractedGraph } from '@support/stately/machine-graph';
import { GALLERY_DIR, GALLERY_VIEWPORTS, pictureFile } from '@support/visual/gallery-names';
import { galleryPlan } from '@support/visual/state-gallery';
import { testFilesOf, traces } from './generate-traceability';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MACHINES_DIR = 'machines';
const isMachineFile = (name: string) => name.endsWith('-machine.ts');

/** One chart line (tests/support/stately/machine-graph.ts), e.g. `transition idle on order.submit #1: → processing`. */
type Line = string;
/** Each machine's chart lines, by machine id. */
type Charts = Map<string, Line[]>;

/** A line's key: what it is about (`transition idle on order.submit #1`), without what it says of it. */
const keyOf = (line: Line) => line.split(': ')[0]!;
/** The state path a line is about (`idle`, `cart.open`, `(root)`), or null for the machine's own lines. */
const statePathOf = (line: Line) => /^(?:state|transition|entry|exit|invoke) (\S+)/.exec(line)?.[1] ?? null;

/** The delays' lengths of each machine a module exports, as chart lines: `delay toastDuration: 3000 ms`. */
async function delayLines(file: string): Promise<Charts> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const charts: Charts = new Map();
  for (const value of Object.values(module)) {
    if (!(value instanceof StateMachine)) continue;
    const machine = value as AnyStateMachine;
    const delays = Object.entries(machine.implementations.delays ?? {});
    charts.set(
      machine.id,
      delays.map(([name, ms]) => `delay ${name}: ${typeof ms === 'number' ? `${ms} ms` : 'computed'}`),
    );
  }
  return charts;
}

/** The charts of the machine files in `dir` (a checkout of machines/), read as the editor reads them. */
async function chartsIn(dir: string): Promise<Charts> {
  const charts: Charts = new Map();
  for (const name of readdirSync(dir).filter(isMachineFile).sort()) {
    const file = join(dir, name);
    const { machines, warnings } = extractMachineFile(readFileSync(file, 'utf8'));
    for (const warning of warnings)
      console.error(`${relative(ROOT, file)}: the editor would lose ${warning}`);
    const delays = await delayLines(file);
    for (const machine of machines)
      charts.set(machine.id, [...extractedGraph(machine), ...(delays.get(machine.id) ?? [])].sort());
  }
  return charts;
}

/**
 * The charts of the machines at `ref`: its machines/ written beside node_modules (so their imports
 * resolve), read, and removed.
 * @throws when git cannot read the ref.
 */
async function chartsAt(ref: string): Promise<Charts> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'statecharts-diff-'));
  try {
    const archive = execFileSync('git', ['archive', ref, MACHINES_DIR], { cwd: ROOT, maxBuffer: 1 << 26 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return await chartsIn(join(dir, MACHINES_DIR));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What changed in one machine's chart: lines added, removed, and changed (same key, new text). */
export interface ChartDifference {
  added: Line[];
  removed: Line[];
  changed: { before: Line; after: Line }[];
}

/** Compares two charts of a machine line by line, pairing lines about the same thing. */
export function compareCharts(before: readonly Line[], after: readonly Line[]): ChartDifference {
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const gone = before.filter((line) => !afterSet.has(line));
  const come = after.filter((line) => !beforeSet.has(line));
  const changed = come.flatMap((line) => {
    const previous = gone.find((old) => keyOf(old) === keyOf(line));
    return previous ? [{ before: previous, after: line }] : [];
  });
  const paired = new Set(changed.flatMap(({ before: old, after: line }) => [old, line]));
  return {
    added: come.filter((line) => !paired.has(line)),
    removed: gone.filter((line) => !paired.has(line)),
    changed,
  };
}

/** What a changed line changed: its target, guard, actions, description, or the rest of it. */
function whatChanged(before: Line, after: Line): string {
  if (before.startsWith('delay ')) return 'length';
  const parts: Record<string, RegExp> = {
    target: /→ ([^/"[]+)/,
    guard: /\[([^\]]+)\]/,
    actions: / \/ ([^"]+)/,
    description: /"(.*)"$/,
  };
  const differ = Object.entries(parts)
    .filter(([, pattern]) => pattern.exec(before)?.[1]?.trim() !== pattern.exec(after)?.[1]?.trim())
    .map(([part]) => part);
  return differ.length ? differ.join(', ') : 'definition';
}

/** Each state node of a running machine by its path as the chart writes it (`(root)` for the root). */
function nodesByPath(machine: AnyStateMachine): Map<string, AnyStateNode> {
  const nodes = new Map<string, AnyStateNode>();
  const visit = (node: AnyStateNode) => {
    nodes.set(node.path.length ? node.path.join('.') : '(root)', node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

const SUITES: Readonly<Record<string, ModelSuite>> = { storefront, checkout };
const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  storefront: storefrontMachine,
  checkout: checkoutMachine,
};

/** The state paths a machine's difference is about, delays standing for the transitions that wait on them. */
function touchedPaths(difference: ChartDifference, chart: readonly Line[]): Set<string> {
  const lines = [
    ...difference.added,
    ...difference.removed,
    ...difference.changed.flatMap(({ before, after }) => [before, after]),
  ];
  const paths = new Set<string>();
  for (const line of lines) {
    const path = statePathOf(line);
    if (path) paths.add(path);
    const delay = /^delay (\S+):/.exec(line)?.[1];
    if (delay)
      for (const waiting of chart.filter((other) => other.includes(` after ${delay} `)))
        paths.add(statePathOf(waiting)!);
  }
  return paths;
}

const code = (text: string) => `\`${text}\``;

/** The Markdown report of the differences, and what they touch in the working tree. */
export function renderDiff(
  [from, to]: readonly [string, string],
  before: Charts,
  after: Charts,
): { markdown: string; differ: boolean } {
  const out = [`# Statechart changes: ${from} → ${to}`, ''];
  const touched = new Map<string, Set<string>>();
  for (const machine of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const difference = compareCharts(before.get(machine) ?? [], after.get(machine) ?? []);
    const { added, removed, changed } = difference;
    if (!added.length && !removed.length && !changed.length) continue;
    out.push(`## ${machine}`, '');
    if (!after.has(machine)) out.push('The machine was removed.', '');
    if (!before.has(machine)) out.push('The machine is new.', '');
    if (added.length) out.push('Added:', '', ...added.map((line) => `- ${code(line)}`), '');
    if (removed.length) out.push('Removed:', '', ...removed.map((line) => `- ${code(line)}`), '');
    if (changed.length)
      out.push(
        'Changed:',
        '',
        ...changed.flatMap(({ before: old, after: line }) => [
          `- ${code(keyOf(line))} (${whatChanged(old, line)})`,
          `  - before: ${code(old)}`,
          `  - after: ${code(line)}`,
        ]),
        '',
      );
    touched.set(machine, touchedPaths(difference, after.get(machine) ?? before.get(machine) ?? []));
  }
  if (!touched.size) return { markdown: [...out, 'The charts are equal.', ''].join('\n'), differ: false };

  // What the changed states touch, in the working tree's machines, pictures, paths and requirements.
  const ids = new Map<string, Set<string>>();
  for (const [machine, paths] of touched) {
    const running = MACHINES[machine];
    const nodes = running ? nodesByPath(running) : new Map<string, AnyStateNode>();
    ids.set(machine, new Set([...paths].flatMap((path) => (nodes.has(path) ? [nodes.get(path)!.id] : []))));
  }
  const isTouched = (machine: string, id: string) => ids.get(machine)?.has(id) ?? false;
  out.push('## What it touches', '');
  out.push(
    `States: ${[...touched].flatMap(([machine, paths]) => [...paths].map((path) => code(`${machine}.${path}`))).join(', ')}`,
    '',
  );
  const pictures = [
    ...new Set(
      galleryPlan()
        .states.filter(
          (state) =>
            isTouched(state.machine, state.id) || isTouched(state.machine, `${state.machine}.${state.id}`),
        )
        .map((state) => state.picture),
    ),
  ];
  out.push(
    `Pictures (docs/states.md): ${pictures.length ? pictures.flatMap((picture) => GALLERY_VIEWPORTS.map((viewport) => code(join(relative(ROOT, GALLERY_DIR), pictureFile(picture, viewport))))).join(', ') : 'none'}`,
    '',
  );
  const paths = Object.entries(SUITES).flatMap(([machine, suite]) =>
    suite.covering
      .filter((path) =>
        path.steps.some(({ state }) => state._nodes.some((node) => isTouched(machine, node.id))),
      )
      .map((path) => `${machine}: ${pathName(path)}`),
  );
  out.push(`Covering paths that pass through them (docs/test-paths.md): ${paths.length}`, '');
  out.push(...paths.map((path) => `- ${code(path)}`), '');
  const partId = (machine: string, part: string) => {
    const id = part.split(': ')[0]!;
    return machine === 'checkout' || id.startsWith(`${machine}.`) ? id : `${machine}.${id}`;
  };
  const requirements = traces().filter((trace) =>
    (['storefront', 'checkout'] as const).some((machine) =>
      (trace.trace[machine] ?? []).some(
        (part) => isTouched(machine, partId(machine, part)) || isTouched(machine, part.split(': ')[0]!),
      ),
    ),
  );
  out.push(`Requirements traced to them (docs/traceability.md): ${requirements.length}`, '');
  out.push(
    ...requirements.flatMap((trace) => [
      `- **${trace.id}** ${trace.text}`,
      `  - tests: ${
        testFilesOf(trace)
          .map(({ file }) => code(file))
          .join(', ') || 'none'
      }`,
    ]),
    '',
  );
  return { markdown: out.join('\n'), differ: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const refs = process.argv.slice(2);
  if (refs.length < 1 || refs.length > 2 || refs.some((ref) => ref.startsWith('-'))) {
    console.error('Usage: npm run statecharts:diff -- <git ref> [<git ref>]');
    process.exit(2);
  }
  const charts: Charts[] = [];
  for (const ref of refs)
    try {
      charts.push(await chartsAt(ref));
    } catch (error) {
      console.error(
        `Cannot read the machines at ${ref}: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(2);
    }
  const after = charts[1] ?? (await chartsIn(join(ROOT, MACHINES_DIR)));
  const { markdown, differ } = renderDiff(
    [code(refs[0]!), refs[1] ? code(refs[1]) : 'working tree'],
    charts[0]!,
    after,
  );
  console.log(markdown);
  process.exitCode = differ ? 1 : 0;
}
