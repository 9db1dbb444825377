/**
 * Writes docs/traceability.md: each requirement of docs/requirements.md (by its id, `R9.3`) → the
 * machine states and transitions that implement it, or the files it lives in (machines/requirements.ts)
 * → the tests that check it and the engines they run in:
 * - the generated model paths (tests/model/) that reach one of its machine parts, in Chromium, Firefox
 *   and WebKit (the covering paths on every run, the others with `--all-paths`);
 * - the random sessions of that machine (tests/model/sessions.node-test.ts), in the same engines:
 *   they can reach every such part, which ones a run reaches depends on its seed;
 * - the tests that name it: a title ending in its tag (`it('waives shipping at $35 @R9.3', …)`), read
 *   from the source without running anything: Vitest files (jsdom), Playwright specs (Chromium) and
 *   the engine suite (`*.node-test.ts`: Chromium, Firefox, WebKit).
 * tests/tooling/scripts/docs/generate-traceability.test.ts fails when the committed page is stale, a requirement
 * has no test, or a tag, part or file names nothing.
 *
 * Usage: `npm run docs:traceability`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';
import { REQUIREMENT_TRACES, type RequirementTrace } from '@machines/requirements';
import { checkout } from '@support/model/checkout-model';
import { partKeys } from '@support/model/coverage-table';
import type { ModelSuite } from '@support/model/model-suite';
import { storefront } from '@support/model/storefront-model';

/** Where the page is written and where the requirements are read, from the repository root. */
export const TRACEABILITY_DOC = 'docs/traceability.md';
export const REQUIREMENTS_DOC = 'docs/requirements.md';

// Paths, not URLs: under Vitest's jsdom, `URL` is jsdom's, which node:fs does not take.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A requirement of docs/requirements.md: its id, its section and the start of its text. */
export interface Requirement {
  id: string;
  section: number;
  text: string;
}

const ID = String.raw`R(\d+)\.\d+`;
/** A tag in a test title: ` @R9.3`. */
export const TAG = new RegExp(`@(${ID})\\b`, 'g');

const plain = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const shorten = (text: string, length = 90) =>
  text.length <= length ? text : `${text.slice(0, text.lastIndexOf(' ', length - 1))} …`;

/**
 * The requirements of docs/requirements.md in document order: each list item or paragraph that
 * starts with a bold id (`- **R2.4** …`) and each table row whose first cell is one (`| R9.3 | … |`).
 * @throws when an id is given twice.
 */
export function readRequirements(markdown = read(REQUIREMENTS_DOC)): Requirement[] {
  const requirements: Requirement[] = [];
  for (const line of markdown.split('\n')) {
    const item = new RegExp(`^(?:\\d+\\. |- )?\\*\\*(${ID})\\*\\* (.*)$`).exec(line);
    const row = new RegExp(`^\\| (${ID}) +\\|(.*)\\|$`).exec(line);
    const match = item ?? row;
    if (!match) continue;
    const text = row ? row[3]!.split('|').slice(0, 2).map(plain).join(': ') : plain(match[3]!);
    if (requirements.some((requirement) => requirement.id === match[1]))
      throw new Error(`${REQUIREMENTS_DOC} gives ${match[1]} twice.`);
    requirements.push({ id: match[1]!, section: Number(match[2]), text: shorten(text) });
  }
  return requirements;
}

/** The runners whose tests may carry a tag, by file name, with the engines each runs in. */
const RUNNERS = [
  { runner: 'Vitest', engines: ['jsdom'], file: /^tests\/(unit|tooling|model)\/.*\.test\.tsx?$/ },
  { runner: 'Playwright', engines: ['Chromium'], file: /^tests\/(playwright|hosting|visual)\/.*\.spec\.ts$/ },
  {
    runner: 'engine suite',
    engines: ['Chromium', 'Firefox', 'WebKit'],
    file: /^tests\/engines\/.*\.node-test\.ts$/,
  },
] as const;
type Runner = (typeof RUNNERS)[number]['runner'];

/** A test that names requirements in its title. */
export interface TaggedTest {
  file: string;
  /** The describe titles and its own, joined by ' › ', without the tags. */
  title: string;
  runner: Runner;
  ids: string[];
}

/** `it`, `test`, `describe` and their `.each`, `.describe`, `.serial`… forms: the calls that name a test. */
function testCallKind(callee: ts.Expression): 'test' | 'describe' | null {
  const names: string[] = [];
  let expression: ts.Expression = callee;
  for (;;) {
    if (ts.isCallExpression(expression)) expression = expression.expression;
    else if (ts.isPropertyAccessExpression(expression)) {
      names.unshift(expression.name.text);
      expression = expression.expression;
    } else break;
  }
  if (!ts.isIdentifier(expression) || !['it', 'test', 'describe'].includes(expression.text)) return null;
  if (!names.every((name) => ['each', 'describe', 'serial', 'parallel', 'concurrent'].includes(name)))
    return null;
  return expression.text === 'describe' || names.includes('describe') ? 'describe' : 'test';
}

const titleOf = (argument: ts.Expression | undefined, source: ts.SourceFile) =>
  argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
    ? argument.text
    : argument && ts.isTemplateExpression(argument)
      ? argument.getText(source).slice(1, -1)
      : null;

/** The tagged tests of one file's source, read without running it. */
export function tagsIn(file: string, code: string, runner: Runner): TaggedTest[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: TaggedTest[] = [];
  const visit = (node: ts.Node, describes: string[]) => {
    if (ts.isCallExpression(node)) {
      const kind = testCallKind(node.expression);
      const title = kind && titleOf(node.arguments[0], source);
      if (title !== null && title !== undefined) {
        const shown = title.replace(TAG, '').replace(/\s+$/, '');
        const ids = [...title.matchAll(TAG)].map((match) => match[1]!);
        if (kind === 'test' && ids.length > 0)
          found.push({ file, title: [...describes, shown].join(' › '), runner, ids });
        if (kind === 'describe' && ids.length > 0)
          throw new Error(`${file}: tag the tests, not the describe '${shown}'.`);
        node.arguments.slice(1).forEach((argument) => visit(argument, [...describes, shown]));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, describes));
  };
  visit(source, []);
  return found;
}

/** Every tagged test of tests/, in file order. */
export function taggedTests(): TaggedTest[] {
  const files = (readdirSync(join(ROOT, 'tests'), { recursive: true }) as string[])
    .map((file) => `tests/${file.split('\\').join('/')}`)
    .filter((file) => !file.includes('/node_modules/'))
    .sort();
  return files.flatMap((file) => {
    const runner = RUNNERS.find((candidate) => candidate.file.test(file));
    return runner ? tagsIn(file, read(file), runner.runner) : [];
  });
}

const SUITES = { storefront, checkout } as const satisfies Record<string, ModelSuite>;
/** The random sessions of both machines, in Chromium, Firefox and WebKit. */
export const SESSIONS_FILE = 'tests/model/sessions.node-test.ts';
/** The file that runs the generated model paths in Chromium, Firefox and WebKit. */
export const BROWSER_PATHS_FILE = 'tests/model/model-paths.node-test.ts';
/** The files that run the generated model paths: in jsdom, and in the browsers. */
const MODEL_PATH_FILES = ['tests/model/harness.test.ts', BROWSER_PATHS_FILE];
type MachineName = keyof typeof SUITES;

/** The numbers (from 1) of a suite's paths that reach one of `parts`, and which of them are covering. */
function pathsReaching(suite: ModelSuite, parts: readonly string[], coverage: ReadonlyArray<Set<string>>) {
  const keys = new Set(parts.flatMap((part) => partKeys(suite, part)));
  const numbers = suite.paths.flatMap((_, index) =>
    [...coverage[index]!].some((key) => keys.has(key)) ? [index + 1] : [],
  );
  const covering = numbers.filter((number) => suite.covering.includes(suite.paths[number - 1]!));
  return { numbers, covering };
}

/** A requirement with what implements it and what checks it. */
export interface Trace extends Requirement {
  trace: RequirementTrace;
  paths: { machine: MachineName; total: number; numbers: number[]; covering: number[] }[];
  /** The machines whose random sessions can reach one of its parts. */
  sessions: MachineName[];
  tests: TaggedTest[];
  /** Every engine some test, path or session of it runs in. */
  engines: string[];
}

const ENGINE_ORDER = ['Chromium', 'Firefox', 'WebKit', 'jsdom'];

/** Every requirement traced, in document order. */
export function traces(requirements = readRequirements(), tests = taggedTests()): Trace[] {
  const coverage = Object.fromEntries(
    Object.entries(SUITES).map(([name, suite]) => [
      name,
      suite.paths.map((path) => suite.pathCoverage(path)),
    ]),
  ) as Record<MachineName, Set<string>[]>;
  return requirements.map((requirement) => {
    const trace: RequirementTrace =
      (REQUIREMENT_TRACES as Readonly<Record<string, RequirementTrace>>)[requirement.id] ?? {};
    const paths = (Object.keys(SUITES) as MachineName[]).flatMap((machine) => {
      const parts = trace[machine];
      if (!parts) return [];
      const suite = SUITES[machine];
      return [{ machine, total: suite.paths.length, ...pathsReaching(suite, parts, coverage[machine]) }];
    });
    const own = tests.filter((test) => test.ids.includes(requirement.id));
    const sessions = paths.map((path) => path.machine);
    const engines = new Set([
      ...(paths.some((path) => path.numbers.length > 0) || sessions.length > 0
        ? ['Chromium', 'Firefox', 'WebKit']
        : []),
      ...own.flatMap((test) => RUNNERS.find((runner) => runner.runner === test.runner)!.engines),
    ]);
    return {
      ...requirement,
      trace,
      paths,
      sessions,
      tests: own,
      engines: ENGINE_ORDER.filter((engine) => engines.has(engine)),
    };
  });
}

const code = (text: string) => `\`${text}\``;

/**
 * The test files that check a requirement, by path, each with how many of its tests do: the files of
 * its tagged tests, and those that run its model paths and sessions (their tests are the paths and
 * sessions, counted in their own columns, so those files count 0 tagged tests here).
 */
export function testFilesOf(trace: Trace): { file: string; tests: number }[] {
  const files = new Map<string, number>();
  if (trace.paths.some((path) => path.numbers.length > 0))
    for (const file of MODEL_PATH_FILES) files.set(file, 0);
  if (trace.sessions.length > 0) files.set(SESSIONS_FILE, 0);
  for (const test of trace.tests) files.set(test.file, (files.get(test.file) ?? 0) + 1);
  return [...files].map(([file, tests]) => ({ file, tests })).sort((a, b) => a.file.localeCompare(b.file));
}
const count = (tests: TaggedTest[], runner: Runner) =>
  tests.filter((test) => test.runner === runner).length || '';

function implementedBy({ trace }: Trace): string {
  const machines = (Object.keys(SUITES) as MachineName[]).flatMap((machine) =>
    trace[machine] ? [`${machine} ${trace[machine].map(code).join(', ')}`] : [],
  );
  const lives = trace.lives?.map(code).join(', ') ?? '';
  if (machines.length === 0) return `no machine part; lives in ${lives}`;
  return `${machines.join('; ')}${lives ? `; beside them ${lives}` : ''}`;
}

function pathsLine({ paths }: Trace): string | null {
  const reached = paths.filter((path) => path.numbers.length > 0);
  if (reached.length === 0) return null;
  return reached
    .map(
      (path) =>
        `${path.machine} paths ${path.covering.join(', ')} on every run, ${path.numbers.length} of ${path.total} with \`--all-paths\``,
    )
    .join('; ');
}

const SECTION_TITLES: Readonly<Record<number, string>> = {
  1: 'What it does and for whom',
  2: 'Screens and routes',
  3: 'Entities and fields',
  4: 'States and transitions',
  5: 'Validation',
  6: 'Roles',
  7: 'Calls',
  8: 'Error catalogue',
  9: 'Business constants',
};

/** The whole page, formatted with the project's Prettier settings. */
export async function renderTraceabilityDoc(all = traces()): Promise<string> {
  const withParts = all.filter((trace) => trace.paths.length > 0).length;
  const inEngine = (engine: string) => all.filter((trace) => trace.engines.includes(engine)).length;
  const pathCell = (trace: Trace) =>
    trace.paths
      .filter((path) => path.numbers.length > 0)
      .map((path) => `${path.covering.length} (${path.numbers.length})`)
      .join(' + ');
  const sections = [...new Set(all.map((trace) => trace.section))];
  const page = [
    '# Requirements traced',
    '',
    "<!-- Generated by `npm run docs:traceability` (scripts/docs/generate-traceability.ts) from docs/requirements.md, machines/requirements.ts, the model suites and the tests' titles. Do not edit by hand. -->",
    '',
    'Each requirement of [requirements.md](requirements.md), by its id, with what implements it and the',
    'tests that check it, in which engines. **Implemented by**: the states and transitions of the',
    'machines ([statecharts.md](statecharts.md)) as `machines/requirements.ts` lists them, and the files',
    'where the rest lives (texts, layout, prices, the server). **Model paths**: the generated paths',
    '([test-paths.md](test-paths.md), by number) that reach one of those states or transitions, run in',
    'Chromium, Firefox and WebKit: the covering ones on every run, all of them with `--all-paths`.',
    '**Sessions**: the random sessions of the same machine (`npm run test:sessions`), in the same',
    'engines, which can reach those states and transitions (each run prints what its seed reached).',
    "**Tests**: the tests whose title ends in the requirement's tag (`@R9.3`): Vitest in jsdom,",
    'Playwright in Chromium, the engine suite in Chromium, Firefox and WebKit. **Test files**: where',
    'to find them: each file by path (tests/README.md gives the layout), with how many of its tests',
    'carry the tag; the files that run the model paths and the sessions are listed without a count.',
    '',
    `${all.length} requirements; ${withParts} with machine parts; checked in Chromium ${inEngine('Chromium')}, Firefox ${inEngine('Firefox')}, WebKit ${inEngine('WebKit')}, jsdom ${inEngine('jsdom')}.`,
    '',
    '| id | requirement | model paths: covering (all) | sessions | Vitest | Playwright | engine suite | test files | engines |',
    '| -- | ----------- | --------------------------- | -------- | ------ | ---------- | ------------ | ---------- | ------- |',
    ...all.map(
      (trace) =>
        `| ${trace.id} | ${trace.text.replace(/\|/g, '\\|')} | ${pathCell(trace)} | ${trace.sessions.join(', ')} | ${count(trace.tests, 'Vitest')} | ${count(trace.tests, 'Playwright')} | ${count(trace.tests, 'engine suite')} | ${testFilesOf(trace).length} | ${trace.engines.join(', ')} |`,
    ),
    '',
    ...sections.flatMap((section) => [
      `## §${section} ${SECTION_TITLES[section] ?? ''}`.trimEnd(),
      '',
      ...all
        .filter((trace) => trace.section === section)
        .flatMap((trace) => {
          const paths = pathsLine(trace);
          return [
            `### ${trace.id}`,
            '',
            trace.text,
            '',
            `- **Implemented by**: ${implementedBy(trace)}.`,
            `- **Test files** (${testFilesOf(trace).length}): ${testFilesOf(trace)
              .map(({ file, tests }) => (tests ? `${code(file)} (${tests})` : code(file)))
              .join(', ')}.`,
            ...(paths ? [`- **Model paths** (Chromium, Firefox, WebKit): ${paths}.`] : []),
            ...(trace.sessions.length
              ? [
                  `- **Sessions** (Chromium, Firefox, WebKit): the random ${trace.sessions.join(' and ')} sessions of ${code(SESSIONS_FILE)} (\`npm run test:sessions\`) can reach these states and transitions; the seed decides which.`,
                ]
              : []),
            ...RUNNERS.flatMap(({ runner, engines }) => {
              const own = trace.tests.filter((test) => test.runner === runner);
              return own.length
                ? [
                    `- **${runner.replace(/^./, (first) => first.toUpperCase())}** (${engines.join(', ')}):`,
                    ...own.map((test) => `  - ${code(test.file)} › ${test.title.replace(/\|/g, '\\|')}`),
                  ]
                : [];
            }),
            '',
          ];
        }),
    ]),
  ].join('\n');
  const options = await prettier.resolveConfig(join(ROOT, TRACEABILITY_DOC));
  return prettier.format(page, { ...options, parser: 'markdown' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(join(ROOT, TRACEABILITY_DOC), await renderTraceabilityDoc());
  console.log(`Wrote ${TRACEABILITY_DOC}.`);
}
