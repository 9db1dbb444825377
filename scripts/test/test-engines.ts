#!/usr/bin/env node
/**
 * Runs the engine suite (tests/engines/storefront.node-test.ts, platform.node-test.ts, forced-colors.node-test.ts,
 * state-links.node-test.ts on the dev server) in
 * Chromium, Firefox and WebKit at once, one process per engine, each with its own fault servers, and
 * prints each engine's report and wall time, a test × engine table, and a closing line
 * `engines: N passed, N failed` (tests × engines).
 *
 * 1. runs the one installer of the test packages (scripts/setup/install-test-packages.sh) once for what the
 *    chosen engines and suites need: Chromium's headless shell (`chromium-headless-shell`, or
 *    $CHROME_HEADLESS_SHELL_PATH), Firefox (`firefox-esr`, or
 *    $FIREFOX_PATH), WebKit's WebKitWebDriver and MiniBrowser (`webkit2gtk-driver`) with an X server
 *    (`xvfb`, `xauth`), and, unless the paths run against BASE_URL alone, nginx with its brotli_static
 *    module. As root with apt-get it installs what is missing, one run at a time; otherwise, or when
 *    apt-get fails, the run stops at once naming the packages, before any browser starts. No test tool
 *    downloads a browser of its own;
 * 2. builds the shop (`npm run build`, into $DIST_DIR, default dist) unless --no-build;
 * 3. runs `node --import tsx --test` on Node 24 (scripts/setup/with-node.sh) on the suite once per engine
 *    (ENGINE=…), in parallel, WebKit under
 *    `xvfb-run` on a 390 × 844 screen; each engine's TAP and spec reports go to
 *    $ENGINES_RESULTS/<engine>.tap and .log (default test-results/engines), and its JUnit report, for
 *    CI services, to test-results/junit/<results directory>-<suites>-<engine>.xml, each name once
 *    (engines-shop-paths-firefox.xml, sessions-webkit.xml), with the coverage table the paths or sessions
 *    wrote ($ENGINES_RESULTS/<engine>-coverage-table.json, tests/support/model/coverage-table.ts) as the
 *    `<property>` entries of a `coverage` test suite;
 * 4. prints the reports as each engine finishes, then the table and the closing line.
 *
 * Usage: tsx scripts/test/test-engines.ts [--no-build] [--suite shop|paths|sessions]...
 *   [--skip engine:suite]... [--all-paths] [--name-pattern regex] [--engine chromium|firefox|webkit]...
 *   [--serial]
 *   --suite (repeatable; default shop): shop is tests/engines/storefront.node-test.ts,
 *   platform.node-test.ts, state-links.node-test.ts and, in Firefox, forced-colors.node-test.ts, paths the paths
 *   generated from the machines (tests/model/model-paths.node-test.ts), one row in the table, sessions
 *   the shoppers' sessions drawn from the models (tests/model/sessions.node-test.ts, scripts/test/test-sessions.ts);
 *   --all-paths runs every generated path, not only the covering ones;
 *   --name-pattern runs only the tests whose name matches (node's --test-name-pattern), e.g.
 *   `loadCheckout` for the paths whose checkout download the server ends (by their events, not their
 *   numbers, which change with the machines); the others are skipped and not counted.
 *   --engine (repeatable) runs only those engines; --serial runs them one after another;
 *   --skip engine:suite (repeatable) leaves that suite out of that engine's run, e.g. chromium:paths
 *   where another run covers it (npm test runs Chromium's paths against the CDN: scripts/test/test-edge.ts).
 * Env: DIST_DIR (the build to test), BASE_URL (the paths against that deployment instead, see
 * tests/model/model-paths.node-test.ts), ENGINES_RESULTS (the reports' directory), CHROME_HEADLESS_SHELL_PATH,
 * FIREFOX_PATH, MINIBROWSER_PATH, WEBKIT_WEBDRIVER_PATH, ENGINES_TIMEOUT_MS (per engine run; default
 * 600000 for shop, 1800000 for paths, summed). A test that takes over 2 min fails on its own (each
 * test's `timeout`). Each engine run has a watchdog: past its limit, or after {@link IDLE_LIMIT_MS}
 * with no test, wait or browser command starting or ending, it prints which test was running
 * (scripts/test/engines-progress-reporter.ts), what it waited for (tests/support/browsers/driver.ts notes it) and
 * the run's processes, stops every process the run started and fails: nothing is run again. Whatever
 * a run leaves running when it ends (a browser, a server, an X display) is listed, stopped, and fails
 * it.
 * Exit code: 0 when every test passed in every engine run; 1 otherwise (or when a browser is missing).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
import type { CoverageRow, CoverageTable } from '@support/model/coverage-table';
import { runRecordFile } from '@support/model/run-record';

/** A browser engine the suite runs in. */
type Engine = 'chromium' | 'firefox' | 'webkit';
const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];
/** A suite: its test files and how long an engine may take for it (ms). */
interface Suite {
  files: readonly string[];
  timeoutMs: number;
}
/** A suite's name (--suite, --skip engine:suite). */
type SuiteName = 'shop' | 'paths' | 'sessions';
/**
 * The suites, and how long an engine may take for each before its run is stopped (ms): a last resort
 * far above a slow run (WebKit's shop suite took 159-240 s on a busy CI machine), since every test
 * fails on its own after 2 minutes.
 */
const SUITES: Readonly<Record<SuiteName, Suite>> = {
  shop: {
    files: [
      'tests/engines/storefront.node-test.ts',
      'tests/engines/platform.node-test.ts',
      'tests/engines/forced-colors.node-test.ts',
      'tests/engines/state-links.node-test.ts',
    ],
    timeoutMs: 600_000,
  },
  paths: { files: ['tests/model/model-paths.node-test.ts'], timeoutMs: 1_800_000 },
  sessions: { files: ['tests/model/sessions.node-test.ts'], timeoutMs: 1_500_000 },
};
/**
 * Suite files that run in some engines only: forced colours exist in Firefox alone among them
 * (WebKitGTK has no forced-colours mode; Chromium's are checked through Playwright's emulation).
 */
const ONLY_IN: Readonly<Record<string, readonly Engine[]>> = {
  'tests/engines/forced-colors.node-test.ts': ['firefox'],
};
const RESULTS = process.env.ENGINES_RESULTS ?? 'test-results/engines';
const JUNIT_RESULTS = 'test-results/junit';
const DEFAULT_MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** WebKit's X screen: the suite's 390 × 844 viewport (MiniBrowser runs full screen on it). */
const XVFB_SCREEN = '-screen 0 390x844x24';

/** Whether `name` is an engine's name. */
const isEngine = (name: string | undefined): name is Engine => ENGINES.some((engine) => engine === name);
/** Whether `name` is a suite's name. */
const isSuite = (name: string | undefined): name is SuiteName =>
  name !== undefined && Object.hasOwn(SUITES, name);

const args = process.argv.slice(2);
let build = true;
let serial = false;
let allPaths = false;
let namePattern: string | undefined;
/** The values of --engine and --suite as given (undefined when the flag comes last), checked below. */
const chosen: (string | undefined)[] = [];
const suiteNames: (string | undefined)[] = [];
/** `engine:suite` pairs left out (--skip). */
const skipped = new Set<string | undefined>();
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === '--no-build') build = false;
  else if (args[index] === '--serial') serial = true;
  else if (args[index] === '--all-paths') allPaths = true;
  else if (args[index] === '--name-pattern') namePattern = args[++index];
  else if (args[index] === '--engine') chosen.push(args[++index]);
  else if (args[index] === '--suite') suiteNames.push(args[++index]);
  else if (args[index] === '--skip') skipped.add(args[++index]);
  else
    throw new Error(
      `Unknown argument ${args[index]}. Usage: tsx scripts/test/test-engines.ts [--no-build] [--suite shop|paths|sessions]... [--skip engine:suite]... [--all-paths] [--name-pattern regex] [--engine name]... [--serial]`,
    );
}
for (const pair of skipped) {
  const [engine, suite] = (pair ?? '').split(':');
  if (!isEngine(engine) || !isSuite(suite))
    throw new Error(`--skip takes engine:suite (e.g. chromium:paths), not ${pair}`);
}
/** The suites `engine` runs: those chosen, but the ones --skip leaves out for it. */
const suitesOf = (engine: Engine): SuiteName[] =>
  suites.filter((suite) => !skipped.has(`${engine}:${suite}`));
for (const name of chosen)
  if (!isEngine(name)) throw new Error(`--engine takes ${ENGINES.join(', ')}, not ${name}`);
for (const name of suiteNames)
  if (!isSuite(name)) throw new Error(`--suite takes ${Object.keys(SUITES).join(', ')}, not ${name}`);
const suites: SuiteName[] = suiteNames.filter(isSuite);
if (suites.length === 0) suites.push('shop');
const engines = chosen.length > 0 ? ENGINES.filter((name) => chosen.includes(name)) : ENGINES;
const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const timeoutMs = Number(
  process.env.ENGINES_TIMEOUT_MS ?? suites.reduce((sum, name) => sum + SUITES[name].timeoutMs, 0),
);

/** The path of `command` on PATH, or undefined. */
function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** What each engine needs of scripts/setup/install-test-packages.sh. */
const NEEDS: Readonly<Record<Engine, string>> = {
  chromium: 'headless-shell',
  firefox: 'firefox',
  webkit: 'webkit',
};

/**
 * Runs the one installer for the chosen engines and, when a suite serves the local build, nginx
 * (step 1). @returns whether nothing is missing now; the installer has said what is, and how to get it.
 */
function installPackages(): boolean {
  const needs = engines.map((engine) => NEEDS[engine]);
  if (suites.includes('shop') || !process.env.BASE_URL) needs.push('nginx');
  return (
    spawnSync('bash', ['scripts/setup/install-test-packages.sh', ...needs], { stdio: 'inherit' }).status === 0
  );
}

/** The variables an engine's run adds to its environment: where its browser is. */
type BrowserEnv = Readonly<Record<string, string>>;

/** The environment each engine's run needs: where its browser is. @throws when it is not there. */
function prepare(engine: Engine): BrowserEnv {
  if (engine === 'chromium') {
    const shellPath = execFileSync('bash', ['scripts/setup/find-chromium.sh', 'headless-shell'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    return { CHROME_HEADLESS_SHELL_PATH: shellPath };
  }
  if (engine === 'firefox') {
    const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
    if (!existsSync(firefoxPath)) throw new Error(`No Firefox at ${firefoxPath}`);
    return { FIREFOX_PATH: firefoxPath };
  }
  const miniBrowser = process.env.MINIBROWSER_PATH ?? DEFAULT_MINIBROWSER;
  if (!existsSync(miniBrowser)) throw new Error(`No MiniBrowser at ${miniBrowser}`);
  if (!which(process.env.WEBKIT_WEBDRIVER_PATH ?? 'WebKitWebDriver'))
    throw new Error('No WebKitWebDriver on PATH (or at $WEBKIT_WEBDRIVER_PATH)');
  return { MINIBROWSER_PATH: miniBrowser };
}

/** A top-level test's result: its name, and whether it passed. */
interface TestResult {
  name: string;
  ok: boolean;
}
/** A TAP report's results and counts (NaN: the report is incomplete), see {@link tapResults}. */
interface TapResults {
  results: TestResult[];
  passed: number;
  failed: number;
}

/**
 * The results of a TAP report: `{ name, ok }` of each top-level test that ran (not skipped), and the
 * counts, complete once every top-level test that started (`# Subtest:`) has its result line, and
 * the plan (`1..N`), when written, agrees. Read from the test lines, not from the plan and summary at
 * the end, which `--test-force-exit` may end the process before they reach the file (a Firefox run
 * lost both after its coverage table). A test stopped at its timeout (`cancelled`) is a `not ok` line:
 * a failure too; a run that died inside a test leaves it without a result line: incomplete.
 */
function tapResults(tap: string): TapResults {
  const results: TestResult[] = [];
  let lines = 0;
  let started = 0;
  for (const line of tap.split('\n')) {
    if (line.startsWith('# Subtest: ')) started += 1;
    const match = /^(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO).*)?$/.exec(line);
    if (!match) continue;
    lines += 1;
    // The name's group always takes part in a match: `''` is never used.
    const [, status, name = '', directive] = match;
    if (directive !== 'SKIP') results.push({ name, ok: status === 'ok' });
  }
  const plan = /^1\.\.(\d+)$/m.exec(tap)?.[1];
  const complete = lines > 0 && lines === started && (plan === undefined || Number(plan) === lines);
  return {
    results,
    passed: complete ? results.filter((result) => result.ok).length : Number.NaN,
    failed: complete ? results.filter((result) => !result.ok).length : Number.NaN,
  };
}

/**
 * How long an engine's run may go without a test, a wait or a browser command starting or ending
 * before its watchdog takes it for hung, ms: above the longest test (2 min) and the longest wait.
 */
const IDLE_LIMIT_MS = 300_000;

/** How long what a run leaves behind may take to end by itself before it counts as left running, ms. */
const LEFTOVER_GRACE_MS = 5_000;

/**
 * The live processes a run started, one per line (`pid args`), or '': every process whose environment
 * carries the run's `token` (PET_BALL_RUN), which each process it starts inherits. Not its process group:
 * Playwright and puppeteer start each browser in a group of its own, and crash handlers leave theirs.
 */
function processesOf(token: string): string {
  const mark = `PET_BALL_RUN=${token}`;
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark)) continue;
      // A zombie has ended: its parent has only not collected it yet.
      if (/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push(`${pid} ${args.slice(0, 160)}`);
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found.join('\n');
}

/** Stops every process of the run `token` ({@link processesOf}) and the process group `pgid`. */
function stopRun(token: string, pgid: number | undefined): void {
  for (const line of processesOf(token).split('\n').filter(Boolean)) {
    try {
      process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  try {
    if (pgid !== undefined) process.kill(-pgid, 'SIGKILL');
  } catch {
    // ended meanwhile
  }
}

/** The last line of `file`, or `fallback` when there is none. */
function lastLine(file: string, fallback: string): string {
  const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return text ? (text.split('\n').at(-1) ?? fallback) : fallback;
}

/** `text` for an XML attribute. */
const xmlAttribute = (text: string): string =>
  String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether `value` is a {@link CoverageRow} (a row of the JSON file writeCoverageTable wrote). */
function isCoverageRow(value: unknown): value is CoverageRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    'label' in value &&
    typeof value.label === 'string' &&
    'counts' in value &&
    Array.isArray(value.counts) &&
    value.counts.every((count) => typeof count === 'number') &&
    (!('of' in value) || value.of === undefined || typeof value.of === 'number')
  );
}

/** Whether `value` is a {@link CoverageTable} (the JSON file writeCoverageTable wrote). */
function isCoverageTable(value: unknown): value is CoverageTable {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'columns' in value &&
    Array.isArray(value.columns) &&
    value.columns.every((column) => typeof column === 'string') &&
    'rows' in value &&
    Array.isArray(value.rows) &&
    value.rows.every(isCoverageRow)
  );
}

/**
 * Adds the run's coverage table (`coverageFile`, if the run wrote one) to its JUnit report as a test
 * suite `coverage` of no tests whose properties are the table's cells: `<row> · <column>` with
 * `count/of` (`storefront transition pairs · sessions` = `52/161`), or the count alone.
 */
function addCoverageProperties(junitFile: string, coverageFile: string): void {
  if (!existsSync(coverageFile) || !existsSync(junitFile)) return;
  const table: unknown = JSON.parse(readFileSync(coverageFile, 'utf8'));
  if (!isCoverageTable(table)) throw new Error(`${coverageFile} holds no coverage table`);
  const { title, columns, rows } = table;
  const properties = rows.flatMap(({ label, counts, of }) =>
    counts.map(
      (count, index) =>
        `\t\t\t<property name="${xmlAttribute(`${label} · ${columns[index]}`)}" value="${of === undefined ? count : `${count}/${of}`}"/>`,
    ),
  );
  const suite = [
    `\t<testsuite name="coverage" tests="0" failures="0" errors="0" skipped="0" time="0">`,
    `\t\t<properties>`,
    `\t\t\t<property name="title" value="${xmlAttribute(title)}"/>`,
    ...properties,
    `\t\t</properties>`,
    `\t</testsuite>`,
  ].join('\n');
  const junit = readFileSync(junitFile, 'utf8');
  writeFileSync(junitFile, junit.replace(/<testsuites>/, `<testsuites>\n${suite}`));
}

/** An engine's run: its results and counts, wall time (s) and exit code. */
interface EngineRun {
  engine: Engine;
  seconds: number;
  results: TestResult[];
  passed: number;
  failed: number;
  exitCode: number | null;
}

/** Runs the suite in `engine`; resolves with its results, wall time and report. */
function runEngine(engine: Engine, env: BrowserEnv): Promise<EngineRun> {
  const tapFile = join(RESULTS, `${engine}.tap`);
  const logFile = join(RESULTS, `${engine}.log`);
  const progressFile = join(RESULTS, `${engine}.progress`);
  const waitingFile = join(RESULTS, `${engine}.waiting`);
  const coverageFile = join(RESULTS, `${engine}-coverage-table.json`);
  // Named by the reports' directory and the suites, each once (engines-shop-paths, sessions).
  const junitName = [...new Set([basename(RESULTS), ...suitesOf(engine)])].join('-');
  const junitFile = join(JUNIT_RESULTS, `${junitName}-${engine}.xml`);
  // A run record left by an earlier run of a suite would paint the statechart report with it.
  const records = suitesOf(engine)
    .filter((suite) => suite === 'paths' || suite === 'sessions')
    .map((suite) => runRecordFile(RESULTS, engine, suite));
  for (const file of [tapFile, logFile, junitFile, progressFile, waitingFile, coverageFile, ...records])
    rmSync(file, { force: true });
  const node: [string, ...string[]] = [
    // On Node 24: Node 20's runner, ended by --test-force-exit, exits before its JUnit reporter has
    // written the file (nodejs/node#54327, fixed in 22), leaving 52 bytes of it.
    'bash',
    'scripts/setup/with-node.sh',
    '24',
    'node',
    // The runner's own process loads the reporters, engines-progress-reporter.ts among them, before
    // any --import module runs: tsx's hooks come in by --require too. The test files' processes get
    // both flags; tsx registers its hooks once.
    '--require',
    'tsx/esm',
    '--import',
    'tsx',
    '--test',
    // Ends the run once its tests have ended, whatever they left open; the leftovers are found below.
    '--test-force-exit',
    ...(namePattern === undefined ? [] : [`--test-name-pattern=${namePattern}`]),
    // Four reporters make node:test warn of 11 listeners on its stream (MaxListenersExceededWarning):
    // Node's own, harmless with three or more (nodejs/node#57605, open).
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    '--test-reporter=spec',
    `--test-reporter-destination=${logFile}`,
    '--test-reporter=junit',
    `--test-reporter-destination=${junitFile}`,
    '--test-reporter=./scripts/test/engines-progress-reporter.ts',
    `--test-reporter-destination=${progressFile}`,
    ...suitesOf(engine)
      .flatMap((name) => SUITES[name].files)
      .filter((file) => ONLY_IN[file]?.includes(engine) ?? true),
  ];
  const [command, ...commandArgs]: [string, ...string[]] =
    engine === 'webkit' ? ['xvfb-run', '--auto-servernum', `--server-args=${XVFB_SCREEN}`, ...node] : node;
  const started = Date.now();
  /** Marks every process this run starts (see {@link processesOf}). */
  const token = randomUUID();
  return new Promise<EngineRun>((resolveRun) => {
    const child = spawn(command, commandArgs, {
      env: {
        ...process.env,
        PET_BALL_RUN: token,
        ...env,
        ENGINE: engine,
        DIST_DIR: distDir,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        PUPPETEER_SKIP_DOWNLOAD: '1',
        PET_BALL_PACKAGES_CHECKED: '1',
        ENGINES_WAITING: waitingFile,
        SE_OFFLINE: 'true',
        ...(allPaths ? { MODEL_PATHS: 'all' } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    /** The last time a test, wait or command started or ended (ms since the epoch). */
    const lastActivity = () =>
      Math.max(
        started,
        ...[progressFile, waitingFile].filter(existsSync).map((file) => statSync(file).mtimeMs),
      );
    const watchdog = setInterval(() => {
      const overLimit = Date.now() - started > timeoutMs;
      const idle = Date.now() - lastActivity() > IDLE_LIMIT_MS;
      if (!overLimit && !idle) return;
      clearInterval(watchdog);
      console.error(
        [
          `${engine}: ${overLimit ? `still running after ${timeoutMs} ms` : `nothing happened for ${IDLE_LIMIT_MS} ms`}; stopping it.`,
          `  test: ${lastLine(progressFile, 'none started yet (in a before hook)')}`,
          `  waiting: ${lastLine(waitingFile, "for nothing the driver knows of (a hook, a server, the browser's start or end)")}`,
          `  processes:\n${processesOf(token)}`,
        ].join('\n'),
      );
      stopRun(token, child.pid);
    }, 5_000);
    running.set(child, token);
    child.on('exit', async (code) => {
      clearInterval(watchdog);
      running.delete(child);
      // Whatever the run started and did not stop: a test's leak, listed and stopped here. What is
      // already ending gets a moment first (xvfb-run signals its X server and exits without waiting).
      const graceEnd = Date.now() + LEFTOVER_GRACE_MS;
      while (processesOf(token) && Date.now() < graceEnd) await new Promise((wait) => setTimeout(wait, 100));
      const leftovers = processesOf(token);
      if (leftovers) {
        console.log(`${engine}: left running when the run ended, now stopped:\n${leftovers}`);
        stopRun(token, child.pid);
      }
      addCoverageProperties(junitFile, coverageFile);
      const seconds = (Date.now() - started) / 1000;
      const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
      const { results, passed, failed } = tapResults(read(tapFile));
      const complete = Number.isFinite(passed) && Number.isFinite(failed);
      console.log(`\n── ${engine}: ${seconds.toFixed(1)} s wall ──\n${read(logFile).trimEnd()}`);
      if (!complete) console.log(`${engine}: the run ended (exit code ${code}) without a complete report`);
      resolveRun({
        engine,
        seconds,
        results,
        passed: complete ? passed : results.filter((result) => result.ok).length,
        failed:
          (complete ? failed : Math.max(1, results.filter((result) => !result.ok).length)) +
          (leftovers ? 1 : 0),
        exitCode: leftovers ? 1 : code,
      });
    });
  });
}

/** The engine runs under way, each with its token ({@link processesOf}). */
const running = new Map<ChildProcess, string>();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const [child, token] of running) stopRun(token, child.pid);
    process.exit(1);
  });

if (!installPackages()) {
  console.log('engines: 0 passed, 1 failed');
  process.exit(1);
}
process.env.PET_BALL_PACKAGES_CHECKED = '1';
let prepared: { engine: Engine; env: BrowserEnv }[];
try {
  prepared = engines.map((engine) => ({ engine, env: prepare(engine) }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.log('engines: 0 passed, 1 failed');
  process.exit(1);
}
if (build)
  execFileSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: distDir },
  });
mkdirSync(RESULTS, { recursive: true });
mkdirSync(JUNIT_RESULTS, { recursive: true });

const wallStarted = Date.now();
const runs: EngineRun[] = [];
if (serial) for (const { engine, env } of prepared) runs.push(await runEngine(engine, env));
else runs.push(...(await Promise.all(prepared.map(({ engine, env }) => runEngine(engine, env)))));

/** A generated model path's test (tests/model/model-paths.node-test.ts): one row for them all. */
const isPath = (name: string): boolean => /^(storefront|checkout) path \d+:/.test(name);
const names = [...new Set(runs.flatMap((run) => run.results.map((result) => result.name)))].filter(
  (name) => !isPath(name),
);
/** A test's row label: its name up to the first colon ('fault b: the checkout code…' → 'fault b'). */
const label = (name: string): string => name.split(':')[0] ?? name;
const width = Math.min(72, Math.max(9, ...names.map((name) => label(name).length)));
const cell = (text: string): string => text.padEnd(10);
console.log(`\n${'test'.padEnd(width)}  ${runs.map((run) => cell(run.engine)).join('')}`.trimEnd());
for (const name of names) {
  const shown = label(name).length > width ? `${label(name).slice(0, width - 1)}…` : label(name);
  const cells = runs.map((run) => {
    const result = run.results.find((candidate) => candidate.name === name);
    return cell(result === undefined ? '-' : result.ok ? 'pass' : 'FAIL');
  });
  console.log(`${shown.padEnd(width)}  ${cells.join('')}`.trimEnd());
}
if (suites.includes('paths')) {
  const paths = runs.map((run) => ({ run, results: run.results.filter((result) => isPath(result.name)) }));
  const row = paths.map(({ run, results }) =>
    cell(
      suitesOf(run.engine).includes('paths')
        ? `${results.filter((result) => result.ok).length}/${results.length}`
        : '-',
    ),
  );
  console.log(`${'model paths'.padEnd(width)}  ${row.join('')}`.trimEnd());
  for (const { run, results } of paths)
    for (const result of results) if (!result.ok) console.log(`${run.engine}: FAIL ${result.name}`);
}
console.log(
  `${'wall time'.padEnd(width)}  ${runs.map((run) => cell(`${run.seconds.toFixed(1)} s`)).join('')}`.trimEnd(),
);
console.log(`all engines: ${((Date.now() - wallStarted) / 1000).toFixed(1)} s wall`);

const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
console.log(`engines: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && runs.every((run) => run.exitCode === 0) ? 0 : 1);
