/**
 * Sessions: shoppers' sessions drawn at random by fast-check's model-based testing (`fc.commands`,
 * `fc.asyncModelRun`) in one engine (`ENGINE`), against the build in `DIST_DIR` behind nginx or the
 * deployment at `BASE_URL`, through the drivers and page object the model paths use
 * (model-drivers.ts). A session opens the shop (storefront) or /checkout (checkout), then runs commands,
 * each a model event enabled in the current snapshot: a sample event of the model with a session's
 * bounds (no quantity or cart caps: storefrontEvents with SESSION_BOUNDS, checkoutEvents), or the
 * machine's next timer falling due. The model is the real machine on XState's SimulatedClock, moved as
 * the page's fake clock moves: a delay command moves both to the next timer (checking the screen 1 ms
 * before it too), and a step that moves the page's clock (an order's processing, a release's
 * announcement) moves the model's the same. After each command the screen is compared with the
 * snapshot's view, as the paths do, and every temporal property is checked on the model and the page
 * (temporal-checks.ts). A failing session is shrunk by fast-check, each attempt in a fresh page,
 * for at most SESSIONS_SHRINK_SECONDS (tests/support/model/session-check.ts), and printed as steps
 * with the command that replays exactly them; the smallest found so far is also written to
 * test-results/sessions/<engine>-<machine>.failure.txt, as soon as it is found, beside the failing
 * step's screenshot and the page's console. At the end, the engine's coverage
 * table (./coverage-report.ts): states, transitions, guard outcomes, the storefront's configurations,
 * transition pairs and requirements reached by the sessions and by the covering paths
 * (`<engine>-paths-coverage.json` in the folders of $PATHS_RESULTS, default test-results/engines and
 * test-results/engines-edge, as their last run in this engine wrote it), out of those the model
 * reaches; and the sessions' pairs, for scripts/test/test-sessions.ts to add up over the engines
 * (`<engine>-session-pairs.json`).
 * Each engine seeks the transition pairs the engines before it leave (session.ts's ENGINES), as it works
 * out their sessions on the model first (session-simulation.ts): the engines run side by side. The
 * last engine runs more sessions, planned on the model, until the three take the goal.
 * Options (env, set by scripts/test/test-sessions.ts): SESSIONS_SEED, SESSIONS_RUNS (sessions per engine,
 * default 12, one of them the checkout's), SESSIONS_MAX_STEPS (default 16), SESSIONS_PAIRS_GOAL (a
 * percentage, default 90), SESSIONS_SHRINK_SECONDS (default 300); SESSIONS_MACHINE, SESSIONS_REPLAY
 * (a failed session's draw) and SESSIONS_TAKEN (the pairs taken before it) replay one failure.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Reach, machineModels, reachFrom, reportCoverage } from '@support/model/coverage-report';
import {
  failedTest,
  latestRunRecord,
  runRecordFile,
  writeRunRecord,
  type FailedTest,
} from '@support/model/run-record';
import type { Engine } from '@support/browsers/driver';
import { launchEngine } from '@support/browsers/engines/launch';
import { CLOCK_START, modelPages, type ModelPage } from '@support/model/model-drivers';
import { replayLink } from '@support/model/link-steps';
import { decodePairs } from '@support/model/transition-pairs';
import type { LinkedMachine } from '@/dev/state-link/state-link-plan';
import { EXTRA_RUNS, SPECS, Session, choosePage, engineSeed, sessionSteering } from '@support/model/session';
import {
  SessionError,
  checkSessions,
  decodeDraw,
  replayOptions,
  replaySession,
  type SessionFailure,
  type SessionRunner,
} from '@support/model/session-check';
import { planEngine, reachableOf, type EnginePlan } from '@support/model/session-simulation';
import {
  checkingProperties,
  propertiesCheckedRow,
  propertyChecks,
  type MachineName,
} from '@support/model/temporal-checks';

const BASE_URL = process.env.BASE_URL;
/** Where the covering paths' runs wrote what they reached (model-paths.node-test.ts's ENGINES_RESULTS), comma-separated. */
const PATHS_RESULTS = process.env.PATHS_RESULTS ?? 'test-results/engines,test-results/engines-edge';
const option = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = option('SESSIONS_SEED', Date.now() % 2 ** 31);
const ENGINE_SEED = engineSeed(SEED, process.env.ENGINE ?? '');
const RUNS = option('SESSIONS_RUNS', 12);
const MAX_STEPS = option('SESSIONS_MAX_STEPS', 16);
/** The share of the pairs the engines' sessions together must take (0–1): scripts/test/test-sessions.ts's goal. */
const PAIRS_GOAL = option('SESSIONS_PAIRS_GOAL', 90) / 100;
const chosen = process.env.SESSIONS_MACHINE;
const REPLAY = process.env.SESSIONS_REPLAY
  ? { draw: process.env.SESSIONS_REPLAY, taken: process.env.SESSIONS_TAKEN ?? '' }
  : undefined;
/** A whole engine's sessions, shrinking included, ms. */
const TIMEOUT_MS = 1_500_000;

/** Collects the console of the page (its own messages and uncaught errors) from now on, in the page. */
const captureConsole = (page: ModelPage) =>
  page.browser.evaluate(() => {
    const target = window as unknown as { __sessionConsole?: string[] };
    if (target.__sessionConsole) return;
    const lines: string[] = (target.__sessionConsole = []);
    for (const level of ['error', 'warn', 'info', 'log'] as const) {
      const original = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        lines.push(`${level}: ${args.map(String).join(' ')}`);
        original(...args);
      };
    }
    addEventListener('error', (event) => lines.push(`uncaught: ${event.message}`));
    addEventListener('unhandledrejection', (event) =>
      lines.push(`unhandled rejection: ${String(event.reason)}`),
    );
  });

let engine: Engine;
let pages: ReturnType<typeof modelPages>;
const reached = new Map(Object.keys(SPECS).map((name) => [name, new Reach()]));
/** The machines as the coverage table counts them, within a session's bounds. */
const models = machineModels('sessions');
const counts = { sessions: 0, steps: 0 };
/** The sessions that failed, shrunk, with where. */
const failures: FailedTest[] = [];
/** Each machine's steering graph (session.ts). */
const steering = new Map(Object.entries(SPECS).map(([name, spec]) => [name, sessionSteering(spec.suite)]));
/**
 * This engine's sessions per machine and the pairs (by machine) taken before them: those the engines
 * before it take, as worked out on the model; in a replay, one session after the pairs taken before
 * the failed one (its `Replay:` line).
 */
let plan: EnginePlan;

before(async () => {
  plan = REPLAY
    ? {
        runs: new Map(Object.keys(SPECS).map((name) => [name, 1])),
        before: new Map(
          Object.keys(SPECS).map((name) => [
            name,
            name === chosen ? decodePairs(REPLAY.taken, reachableOf(models, name)) : new Set<string>(),
          ]),
        ),
      }
    : await planEngine(SEED, process.env.ENGINE ?? '', {
        runs: RUNS,
        maxSteps: MAX_STEPS,
        models,
        steering,
        goal: PAIRS_GOAL,
        extraRuns: chosen ? 0 : EXTRA_RUNS,
      });
  // One machine's sessions alone: the run's whole budget.
  if (chosen && !REPLAY) plan.runs.set(chosen, RUNS);
  engine = await launchEngine(process.env.ENGINE);
  pages = modelPages(engine, 'sessions');
  const planned = [...plan.runs].map(([name, count]) => `${count} ${name}`).join(', ');
  console.log(
    `${engine.name} sessions: seed ${SEED} (${engine.name}'s ${ENGINE_SEED}), ${planned} sessions of up to ${MAX_STEPS} steps`,
  );
});
after(async () => {
  await engine?.close();
  await pages?.stop();
  if (engine) report();
});

/**
 * How long shrinking a failed session may go on, ms: then the smallest failing session found is
 * reported. The budget of `npm run test:sessions -- --shrink-seconds n`, default 5 minutes: a browser
 * session takes seconds, and a failure is reported within minutes of being found.
 */
const SHRINK_BUDGET_MS = option('SESSIONS_SHRINK_SECONDS', 300) * 1000;
/** Whether sessions are being checked; a session left under way after its check ended keeps no evidence. */
let checking = false;

/**
 * Runs one session of machine `name` in a fresh page of this engine: the page its pick chooses, the
 * model's snapshot checked against the screen at each step and every temporal property on both.
 */
const sessionRunner =
  (name: string, spec: (typeof SPECS)[string]): SessionRunner =>
  async (pick, list, known) => {
    const kind = choosePage(spec, pick, known);
    const page = await pages.openPage(kind.withWorker, kind.deploying);
    let session: Session | undefined;
    try {
      const driver = checkingProperties(await spec.open(page), name as MachineName, page, {
        modelNow: () => session?.clock.now() ?? CLOCK_START,
        step: () => `step ${session?.steps.length ?? 0}: ${session?.steps.at(-1) ?? 'the first screen'}`,
      });
      await captureConsole(page);
      session = new Session(spec, driver, page, kind.deploying, known);
      await session.run(list);
      return session;
    } catch (error) {
      if (checking) await keepEvidence(page, name);
      throw new SessionError(session, error);
    } finally {
      await page.close();
    }
  };

/** The file that holds the smallest failing session of machine `name` found so far in this engine. */
const failureFile = (name: string) => join('test-results', 'sessions', `${engine.name}-${name}.failure.txt`);

/**
 * The live link of `failure` of machine `name` (tests/support/model/link-steps.ts), or why there is
 * none (an event a link cannot carry).
 */
function liveLink(name: string, failure: SessionFailure): string {
  try {
    const { events } = failure;
    return replayLink(name as LinkedMachine, events, SPECS[name]!.suite.delays, events.length);
  } catch (error) {
    return `(none: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * The report of `failure` of machine `name`: its steps, its error and the command that replays it.
 * `shrinking` says how the shrinking went.
 */
function failureReport(name: string, failure: SessionFailure, shrinking: string): string {
  const { error } = failure;
  return [
    `${engine.name} ${name} session failed at step ${failure.firstSteps}, ${shrinking} (seed ${SEED}, ${engine.name}'s ${ENGINE_SEED}):`,
    ...failure.steps.map((step, index) => `  ${index + 1}. ${step}`),
    `  ${error instanceof Error ? error.message : String(error)}`,
    `Replay: npm run test:sessions -- --engine ${engine.name} ${replayOptions(name, failure, reachableOf(models, name))}`,
    `Live, one step at a time (npm run dev): ${liveLink(name, failure)}`,
    `Screenshot and console: ${join('test-results', 'sessions', `${engine.name}-${name}.*`)}`,
  ].join('\n');
}

for (const [name, spec] of Object.entries(SPECS)) {
  if (chosen && chosen !== name) continue;
  test(`${name} sessions`, { timeout: TIMEOUT_MS }, async () => {
    const run = sessionRunner(name, spec);
    rmSync(failureFile(name), { force: true });
    if (REPLAY) {
      checking = true;
      const { steps, failure } = await replaySession(decodeDraw(REPLAY.draw), {
        maxSteps: MAX_STEPS,
        known: () => ({
          reachable: reachableOf(models, name),
          taken: plan.before.get(name)!,
          steering: steering.get(name)!,
        }),
        run,
      });
      checking = false;
      if (failure) {
        const report = failureReport(name, failure, `replayed`);
        failures.push(
          failedTest(
            spec.suite,
            `${name} session (replayed)`,
            failure.events,
            failure.events.length,
            failure.error,
            report,
          ),
        );
        throw new Error(report, { cause: failure.error });
      }
      console.log(
        [
          `${engine.name} ${name}: the replayed session passed:`,
          ...steps.map((step, index) => `  ${index + 1}. ${step}`),
        ].join('\n'),
      );
      return;
    }
    checking = true;
    const { failure, interrupted } = await checkSessions({
      seed: ENGINE_SEED,
      runs: plan.runs.get(name)!,
      maxSteps: MAX_STEPS,
      shrinkBudgetMs: SHRINK_BUDGET_MS,
      known: () => ({
        reachable: reachableOf(models, name),
        taken: new Set([...plan.before.get(name)!, ...reached.get(name)!.pairs]),
        steering: steering.get(name)!,
      }),
      run,
      onPassed: (session) => {
        counts.sessions += 1;
        counts.steps += session.steps.length;
        session.addTo(reached.get(name)!);
      },
      // Written at once, so a run stopped from outside (its watchdog, a limit) has it:
      // scripts/test/test-sessions.ts prints it at the end of every run.
      onFailure: (found) =>
        writeFileSync(
          failureFile(name),
          `${failureReport(name, found, `shrunk ${found.shrinks} times so far to ${found.steps.length} steps`)}\n`,
        ),
    });
    checking = false;
    if (!failure) return;
    const shrinking = `shrunk ${failure.shrinks} times to ${failure.steps.length} steps${interrupted ? `, when shrinking reached its budget of ${SHRINK_BUDGET_MS / 1000} s` : ''}`;
    const report = failureReport(name, failure, shrinking);
    failures.push(
      failedTest(spec.suite, `${name} session`, failure.events, failure.events.length, failure.error, report),
    );
    writeFileSync(failureFile(name), `${report}\n`);
    throw new Error(report, { cause: failure.error });
  });
}

/** The failing step's screen and the page's console, into test-results/sessions/. */
async function keepEvidence(page: ModelPage, name: string) {
  const base = join('test-results', 'sessions', `${engine.name}-${name}`);
  mkdirSync(join('test-results', 'sessions'), { recursive: true });
  const screenshot = await page.browser.screenshot().catch(() => null);
  if (screenshot) writeFileSync(`${base}.png`, screenshot);
  const lines = await page.browser
    .evaluate(() => (window as unknown as { __sessionConsole?: string[] }).__sessionConsole ?? [])
    .catch((error: unknown) => [`(the console could not be read: ${String(error)})`]);
  writeFileSync(`${base}.console.txt`, `${lines.join('\n')}\n`);
}

// ── Coverage ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Prints the engine's coverage table (sessions, covering paths, both) and writes it, the pairs the
 * sessions took and the model can take, and the sessions' run record (run-record.ts), into
 * ENGINES_RESULTS.
 */
function report() {
  const paths = latestRunRecord(PATHS_RESULTS.split(','), engine.name, 'paths')?.record;
  const fromPaths = (name: string) => reachFrom(paths?.reach[name]);
  const together = (name: string) => {
    const [own, other] = [reached.get(name)!, fromPaths(name)];
    return {
      items: new Set([...own.items, ...other.items]),
      configurations: new Set([...own.configurations, ...other.configurations]),
      pairs: new Set([...own.pairs, ...other.pairs]),
    };
  };
  const machines = models.filter(({ suite }) => suite.name in SPECS);
  const results = process.env.ENGINES_RESULTS ?? 'test-results/sessions';
  reportCoverage(
    engine.name,
    results,
    `Session coverage · ${engine.name}${BASE_URL ? ` at ${BASE_URL}` : ''} · ${counts.sessions} sessions passed, ${counts.steps} steps${paths ? '' : ' · no covering paths run in this engine'}`,
    machines,
    [
      { name: 'sessions', reach: (name: string) => reached.get(name) ?? reachFrom() },
      ...(paths
        ? [
            { name: 'paths', reach: fromPaths },
            { name: 'together', reach: together },
          ]
        : []),
    ],
    [
      propertiesCheckedRow(
        paths
          ? [propertyChecks(), paths.propertyChecks, propertyChecks() + paths.propertyChecks]
          : [propertyChecks()],
      ),
    ],
  );
  writeFileSync(
    join(results, `${engine.name}-session-pairs.json`),
    JSON.stringify(
      Object.fromEntries(
        machines.map(({ suite, pairs }) => [
          suite.name,
          { taken: [...(reached.get(suite.name)?.pairs ?? [])], reachable: [...pairs] },
        ]),
      ),
    ),
  );
  writeRunRecord(runRecordFile(results, engine.name, 'sessions'), {
    reach: Object.fromEntries([...reached].map(([name, reach]) => [name, reach.toJSON()])),
    propertyChecks: propertyChecks(),
    failures,
  });
}
