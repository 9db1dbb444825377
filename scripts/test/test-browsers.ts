/**
 * The browser suites of `npm test`, on the build in dist: the Playwright suites behind Debian's nginx
 * (scripts/test/test-nginx.ts), then the visual baselines (the state gallery's pictures, docs/states/,
 * compared in Chromium: tests/visual/states.spec.ts), then the engine suite in Chromium, Firefox and
 * WebKit and the paths generated from the machines in Firefox and WebKit (scripts/test/test-engines.ts;
 * Chromium runs them against the CDN below), then the paths whose checkout download the fault layer
 * ends (done, 503s, offline, a new release) and those that deploy a release against the same build as
 * a deployment (`BASE_URL`, the mode testers point at staging) in Firefox, then the build on
 * Cloudflare's local Pages server (scripts/test/test-edge.ts: headers against nginx's, the
 * Observatory, a CDN deploy, and every path that runs against a deployment, in Chromium), then
 * shoppers' sessions drawn from the models in the three engines (scripts/test/test-sessions.ts).
 *
 * One after another: the machine has 2 cores. Every suite runs even when one before it failed; each
 * one's output goes to the terminal and to test-results/browsers-<suite>.log, and the last lines say
 * which suites failed and name their failed tests, so the end of a CI log says what broke, and how
 * long each suite took.
 *
 * The one installer (scripts/setup/install-test-packages.sh) runs once for every suite, before the
 * first; each suite then only checks (PET_BALL_PACKAGES_CHECKED=1). When it cannot get something (it
 * names the packages) no suite runs: every one needs the browsers and nginx.
 *
 * The deployment's paths run against the build served by the project's nginx on a port of its own
 * (scripts/hosting/serve.ts --nginx) as BASE_URL: that mode is set up otherwise (the layer in front
 * of a deployment, which serves the worker and presents the deployment's next release itself), so it
 * runs as well as the local one. Chromium runs every such path against the CDN (test:edge); WebKit
 * runs these paths against the local build.
 *
 * The sessions come after the paths, whose reach they add to their coverage table: a budget of 12
 * sessions of up to 16 steps per engine, a new seed each run, printed first. Each engine seeks the
 * transition pairs the engines before it leave, and the last runs more sessions until the three take
 * the goal, 90% of the pairs the models can take (docs/testing.md).
 *
 * Each suite, and the deployment's server, runs in a process group of its own, and Ctrl-C or SIGTERM
 * goes to that whole group, as a terminal's Ctrl-C would: the servers and browsers run below npm and
 * tsx, which do not all pass a signal on, and none may outlive the run.
 *
 * Usage: npm run test:browsers (tsx scripts/test/test-browsers.ts).
 * Exit code: 1 when a suite failed or the installer could not get the packages; 128 + the signal's
 * number when stopped by one.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '../hosting/nginx.ts';

/** Where a suite's output goes besides the terminal. */
interface Sink {
  write(chunk: string | Buffer): void;
}

/** A child process started by {@link start}. */
interface Started {
  readonly child: ChildProcess;
  /** Whether it leads a process group of its own, which then gets its signals. */
  readonly group: boolean;
  /** Its exit code (128 + the signal's number when a signal ended it), once its output has ended. */
  readonly closed: Promise<number>;
}

/** A suite: its name (its log's), the command the summary names, and how to run it into a sink. */
interface Suite {
  readonly name: string;
  readonly command: string;
  run(sink: Sink): Promise<number>;
}

/** How long the children have, after a stop signal, to end before they are killed. */
const STOP_GRACE_MS = 30_000;
/** How long a child's output may stay open after it exited (a process it left holding it). */
const OUTPUT_GRACE_MS = 10_000;
/** The lines of a suite's log that name a failed test (Playwright, TAP, node:test's spec). */
const FAILED_TEST = /✘|^not ok|^\s+[0-9]+\) |✖ /;
const SERVER_LOG = 'test-results/deployed-server.log';

/** The children started that are running, but those in {@link groups}. */
const running = new Set<ChildProcess>();
/**
 * The process groups started (their leaders' ids) while a process of theirs runs: a group's id is
 * forgotten once it is empty, so that no signal goes to a later group given the same id.
 */
const groups = new Set<number>();
let stoppedBy: NodeJS.Signals | undefined;

/** The exit code a shell gives a process that exited with `code` or was ended by the signal `name`. */
function exitCode(code: number | null, name: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return name === null ? 1 : 128 + constants.signals[name];
}

/** The code of what a stop signal kept from starting (the run exits with the signal's code next). */
const notStarted = (): Promise<number> => Promise.resolve(exitCode(null, stoppedBy ?? null));

/** Whether a process of the group `id` still runs (or is not yet reaped). */
function groupRuns(id: number): boolean {
  try {
    process.kill(-id, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Forgets the group `id` once none of its processes runs. */
function forgetWhenEmpty(id: number): void {
  if (groupRuns(id)) setTimeout(() => forgetWhenEmpty(id), 1_000).unref();
  else groups.delete(id);
}

/** Sends `name` to every process of the group `id`. */
function signalGroup(id: number, name: NodeJS.Signals): void {
  try {
    process.kill(-id, name);
  } catch {
    // ended
  }
}

/** Sends `name` to every child started, and to every process of their groups. */
function signalAll(name: NodeJS.Signals): void {
  for (const id of groups) signalGroup(id, name);
  for (const child of running) child.kill(name);
}

/**
 * Starts `command`, in a process group of its own when `group`; what it writes to pipes goes to
 * `sink`. @returns undefined, starting nothing, once a stop signal came.
 */
function start(
  command: string,
  args: string[],
  options: SpawnOptions,
  group: boolean,
  sink?: Sink,
): Started | undefined {
  if (stoppedBy !== undefined) return undefined;
  const child = spawn(command, args, { ...options, detached: group });
  const { pid } = child;
  if (group && pid !== undefined) groups.add(pid);
  else running.add(child);
  if (sink) {
    child.stdout?.on('data', (chunk: Buffer) => sink.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => sink.write(chunk));
  }
  const closed = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      sink?.write(`${command}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, OUTPUT_GRACE_MS).unref();
    });
    child.once('close', (code, name) => resolve(exitCode(code, name)));
  });
  void closed.then(() => {
    running.delete(child);
    if (group && pid !== undefined) forgetWhenEmpty(pid);
  });
  return { child, group, closed };
}

/**
 * Stops `started` (its group when it leads one) with SIGTERM, unless a stop signal already went to
 * it, and waits for it to exit.
 */
async function stop(started: Started): Promise<void> {
  const { child, group } = started;
  if (stoppedBy === undefined) {
    if (group && child.pid !== undefined) signalGroup(child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  }
  await started.closed;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A suite that is one command, split at its spaces. */
function commandSuite(name: string, command: string): Suite {
  const [program = '', ...args] = command.split(' ');
  return {
    name,
    command,
    run: (sink) =>
      start(program, args, { stdio: ['ignore', 'pipe', 'pipe'] }, true, sink)?.closed ?? notStarted(),
  };
}

/**
 * The paths whose checkout download the fault layer ends or that deploy a release, in Firefox,
 * against the build served by the project's nginx on a free port as BASE_URL. The server is stopped,
 * and waited for, however the paths end.
 */
async function deployedPaths(sink: Sink): Promise<number> {
  const port = await freePort();
  const log = openSync(SERVER_LOG, 'w');
  const server = start(
    process.execPath,
    ['--import', 'tsx', 'scripts/hosting/serve.ts', '--nginx', '--port', String(port)],
    { stdio: ['ignore', log, log] },
    true,
  );
  closeSync(log);
  if (server === undefined) return notStarted();
  try {
    const deadline = Date.now() + 60_000;
    while (!readFileSync(SERVER_LOG, 'utf8').includes('served at')) {
      if (stoppedBy !== undefined) return notStarted();
      if (server.child.exitCode !== null || server.child.signalCode !== null || Date.now() >= deadline) {
        sink.write("The deployment's nginx did not start (waited 60 s for its 'served at' line):\n");
        sink.write(readFileSync(SERVER_LOG));
        return 1;
      }
      await sleep(200);
    }
    const paths = start(
      'npm',
      [
        'run',
        '--silent',
        'test:engines',
        '--',
        '--no-build',
        '--suite',
        'paths',
        '--name-pattern',
        'loadCheckout|release\\.',
        '--engine',
        'firefox',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          BASE_URL: `http://127.0.0.1:${port}`,
          ENGINES_RESULTS: 'test-results/engines-deployed',
        },
      },
      true,
      sink,
    );
    return await (paths?.closed ?? notStarted());
  } finally {
    await stop(server);
  }
}

for (const name of ['SIGINT', 'SIGTERM'] as const)
  process.on(name, () => {
    // The same signal may come again from npm and tsx above: the first one stops the run.
    if (stoppedBy !== undefined) return;
    stoppedBy = name;
    signalAll(name);
    setTimeout(() => signalAll('SIGKILL'), STOP_GRACE_MS).unref();
  });

/**
 * Once a stop signal came: waits for every process of the groups started to end (a leader may end
 * before the servers and browsers below it), at most until after they were killed, then exits with
 * the signal's code.
 */
async function exitIfStopped(): Promise<void> {
  if (stoppedBy === undefined) return;
  const deadline = Date.now() + STOP_GRACE_MS + 5_000;
  while ([...groups].some(groupRuns) && Date.now() < deadline) await sleep(100);
  process.exit(exitCode(null, stoppedBy));
}

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
const installed = await (start(
  'bash',
  ['scripts/setup/install-test-packages.sh', 'all'],
  { stdio: 'inherit' },
  false,
)?.closed ?? notStarted());
await exitIfStopped();
if (installed !== 0) {
  console.log('browser suites: 0 passed, 1 failed');
  process.exit(1);
}
process.env.PET_BALL_PACKAGES_CHECKED = '1';
mkdirSync('test-results', { recursive: true });

const suites: Suite[] = [
  commandSuite('nginx', 'npm run --silent test:nginx -- --no-build'),
  commandSuite('visual', 'npm run --silent test:visual -- --no-build'),
  commandSuite(
    'engines',
    'npm run --silent test:engines -- --no-build --suite shop --suite paths --skip chromium:paths',
  ),
  { name: 'deployed', command: 'deployed_paths', run: deployedPaths },
  commandSuite('edge', 'npm run --silent test:edge -- --no-build'),
  commandSuite('sessions', 'npm run --silent test:sessions -- --no-build --runs 12 --max-steps 16'),
];
const logOf = (suite: Suite): string => `test-results/browsers-${suite.name}.log`;
const results: { suite: Suite; passed: boolean; seconds: number }[] = [];
for (const suite of suites) {
  const log = createWriteStream(logOf(suite));
  const started = Date.now();
  const code = await suite.run({
    write: (chunk) => {
      process.stdout.write(chunk);
      log.write(chunk);
    },
  });
  await new Promise<void>((resolve) => log.end(resolve));
  await exitIfStopped();
  results.push({ suite, passed: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log();
for (const { suite, passed, seconds } of results)
  console.log(
    `browser suite ${suite.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s (${suite.command})`,
  );
const failed = results.filter((result) => !result.passed).map((result) => result.suite);
for (const suite of failed) {
  console.log(`── failed in ${suite.name} (${logOf(suite)}):`);
  const lines = readFileSync(logOf(suite), 'utf8')
    .split('\n')
    .filter((line) => FAILED_TEST.test(line));
  for (const line of lines.slice(0, 40)) console.log(line);
}
process.exit(failed.length === 0 ? 0 : 1);
