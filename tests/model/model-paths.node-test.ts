/**
 * The paths generated from the storefront and checkout machines (tests/model/*-model.ts) that together
 * reach every state, transition, guard outcome and sample event (`covering`; with `MODEL_PATHS=all`,
 * every generated path: the rest add snapshots, such as other quantities, not states or transitions),
 * in one engine (`ENGINE`: chromium, firefox or webkit), against the production build in `DIST_DIR` behind
 * nginx, or against the deployment at `BASE_URL` through the same fault layer. Each model event is a
 * shopper's step, performed and checked by the drivers of ./model-drivers.ts (the pages, the download
 * gate, the screens compared with the snapshot's view); after each, every temporal property is checked
 * on the model and the page (./temporal-checks.ts). Prints the engine's coverage table
 * (./coverage-report.ts: states, transitions, guard outcomes, configurations, transition pairs,
 * requirements) with what is not covered, and fails below 100% of the states and transitions.
 * Run by scripts/test/test-engines.ts --suite paths (`npm run test:model:browser`).
 */
import type { EventObject } from 'xstate';
import { after, before, test } from 'node:test';
import { pathEvents, pathName, runModelPath } from '@support/model/derive-test-model';
import { configurationOf, coverageReport, type ModelSuite } from '@support/model/model-suite';
import { checkoutLoadFailureIn, storefront } from '@support/model/storefront-model';
import { checkout } from '@support/model/checkout-model';
import { replayLink } from '@support/model/link-steps';
import type { LinkedMachine } from '@/dev/state-link/state-link-plan';
import { Reach, machineModels, reportCoverage } from '@support/model/coverage-report';
import { failedTest, runRecordFile, writeRunRecord, type FailedTest } from '@support/model/run-record';
import type { Engine } from '@support/browsers/driver';
import { launchEngine } from '@support/browsers/engines/launch';
import { checkoutDriver, modelPages, storefrontDriver, unfinished } from '@support/model/model-drivers';
import { checkingProperties, propertiesCheckedRow, propertyChecks } from '@support/model/temporal-checks';

const BASE_URL = process.env.BASE_URL;
/** `MODEL_PATHS=all` runs every generated path; by default the covering ones (model-suite.ts). */
const runs = (suite: ModelSuite) => {
  const run = new Set(process.env.MODEL_PATHS === 'all' ? suite.paths : suite.covering);
  return [...suite.paths.entries()].filter(([, path]) => run.has(path));
};
/** The longest a path may take, ms: one whose browser stops answering fails on its own, named. */
const PATH_TIMEOUT_MS = 120_000;

let engine: Engine;
let pages: ReturnType<typeof modelPages>;
/** Per suite, what the passing paths reached: items, configurations, transition pairs. */
const covered = new Map([storefront, checkout].map((suite) => [suite.name, new Reach()]));
/** Per suite, what the paths that started can reach (a name pattern runs fewer). */
const reachable = new Map<string, Set<string>>(
  [storefront, checkout].map((suite) => [suite.name, new Set()]),
);
/** The paths that failed, with where. */
const failures: FailedTest[] = [];
/** How many paths were declared and how many started. */
const counts = { declared: 0, started: 0 };

before(async () => {
  engine = await launchEngine(process.env.ENGINE);
  pages = modelPages(engine);
});
after(async () => {
  await engine?.close();
  await pages?.stop();
  let complete = true;
  const results = process.env.ENGINES_RESULTS ?? 'test-results/engines';
  reportCoverage(
    engine.name,
    results,
    `Path coverage · ${where()} · ${[storefront, checkout]
      .map((suite) => `${suite.name}: ${runs(suite).length} of ${suite.paths.length} generated paths run`)
      .join(' · ')}`,
    machineModels('paths'),
    [{ name: 'paths', reach: (name) => covered.get(name)! }],
    [propertiesCheckedRow([propertyChecks()])],
  );
  for (const suite of [storefront, checkout]) {
    const seen = covered.get(suite.name)!.items;
    const report = coverageReport(suite, seen, suite.exclusions, suite.name);
    const missing = [...reachable.get(suite.name)!].filter((item) => !seen.has(item));
    if (report.notes.length) console.log(`${suite.name}:\n${report.notes.join('\n')}`);
    // Every path ran (with BASE_URL too): 100% or fail. Fewer (--test-name-pattern): what they reach, or fail.
    complete &&= counts.started === counts.declared ? report.complete : missing.length === 0;
  }
  if (counts.started < counts.declared) console.log(`${counts.started} of ${counts.declared} paths ran`);
  // What the passing paths reached, the checks they passed and the paths that failed, for the
  // sessions' coverage table (sessions.node-test.ts) and the statechart report.
  writeRunRecord(runRecordFile(results, engine.name, 'paths'), {
    reach: Object.fromEntries([...covered].map(([name, reach]) => [name, reach.toJSON()])),
    propertyChecks: propertyChecks(),
    failures,
  });
  if (!complete) process.exitCode = 1;
});

/**
 * Runs the path named `test`; when it fails, its error ends with the path's live link for the dev
 * server, opening at the failing step (tests/support/model/link-steps.ts), and the failure is kept for
 * the run's record.
 */
async function runPath(
  test: string,
  machine: LinkedMachine,
  events: readonly EventObject[],
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    const failing = Number(
      /at step (\d+) of path/.exec(error instanceof Error ? error.message : '')?.[1] ?? 0,
    );
    const suite = machine === 'storefront' ? storefront : checkout;
    const live = `Live, one step at a time (npm run dev): ${replayLink(machine, events, suite.delays, failing)}`;
    if (error instanceof Error) error.message += `\n${live}`;
    const report = error instanceof Error ? error.message : `${String(error)}\n${live}`;
    failures.push(failedTest(suite, test, events, failing, error, report));
    throw error;
  }
}

const where = () => `${engine.name}${BASE_URL ? ` at ${BASE_URL}` : ''}`;

/**
 * Paths that deploy a release (a new release mid-visit, or the checkout's code gone with the old one):
 * their page has a server of its own, which deploys the local build's next release or, in front of
 * `BASE_URL`, presents the deployment's (tests/support/servers/fault-server.ts).
 */
const deploys = (path: (typeof storefront.paths)[number]) =>
  pathEvents(path).some(
    (event) => event.type === 'release.waiting' || checkoutLoadFailureIn(event) === 'outdated',
  );

for (const [index, path] of runs(storefront)) {
  counts.declared += 1;
  test(`storefront path ${index + 1}: ${pathName(path)}`, { timeout: PATH_TIMEOUT_MS }, async (t) => {
    counts.started += 1;
    for (const item of storefront.pathCoverage(path)) reachable.get(storefront.name)!.add(item);
    const withWorker = pathEvents(path).some((event) => event.type === 'release.waiting');
    await runPath(t.name, 'storefront', pathEvents(path), async () => {
      const page = await pages.openPage(withWorker, deploys(path));
      const progress = unfinished(t, page);
      t.after(page.close);
      const driver = { ...(await storefrontDriver(page)), onStep: progress.step };
      await runModelPath(storefront, path, checkingProperties(driver, 'storefront', page));
      progress.done();
    });
    covered.get(storefront.name)!.add(
      storefront.pathCoverage(path),
      path.steps.map((step) => configurationOf(step.state.value)),
      storefront.pathMicrosteps(path),
    );
  });
}

for (const [index, path] of runs(checkout)) {
  counts.declared += 1;
  test(`checkout path ${index + 1}: ${pathName(path)}`, { timeout: PATH_TIMEOUT_MS }, async (t) => {
    counts.started += 1;
    for (const item of checkout.pathCoverage(path)) reachable.get(checkout.name)!.add(item);
    await runPath(t.name, 'checkout', pathEvents(path), async () => {
      const page = await pages.openPage(false, false);
      const progress = unfinished(t, page);
      t.after(page.close);
      const driver = { ...(await checkoutDriver(page)), onStep: progress.step };
      await runModelPath(checkout, path, checkingProperties(driver, 'checkout', page));
      progress.done();
    });
    covered.get(checkout.name)!.add(
      checkout.pathCoverage(path),
      path.steps.map((step) => configurationOf(step.state.value)),
      checkout.pathMicrosteps(path),
    );
  });
}
