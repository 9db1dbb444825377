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
 * (temporal-checks.ts). A failing session is shrunk by fast-check, each attempt in a fresh
 * page, and printed as steps with the seed, fast-check's path and the command that replays it; its
 * screenshot and the page's console go to test-results/sessions/. At the end, the engine's coverage
 * table (./coverage-report.ts): states, transitions, guard outcomes, the storefront's configurations,
 * transition pairs and requirements reached by the sessions and by the covering paths
 * (`<engine>-paths-coverage.json` in the folders of $PATHS_RESULTS, default test-results/engines and
 * test-results/engines-edge, as their last run in this engine wrote it), out of those the model
 * reaches; and the sessions' pairs, for scripts/test-sessions.mjs to add up over the engines
 * (`<engine>-session-pairs.json`).
 * Options (env, set by scripts/test-sessions.mjs): SESSIONS_SEED, SESSIONS_RUNS (sessions per engine,
 * about a fifth of them the checkout's),
 * SESSIONS_MAX_STEPS; SESSIONS_MACHINE, SESSIONS_PATH and SESSIONS_REPLAY_PATH replay one failure.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  getNextTransitions,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { checkoutMachine } from '@machines/checkout-machine';
import { storefrontMachine } from '@machines/storefront-machine';
import { CHECKOUT_MODEL_INPUT, checkout, checkoutEvents } from '../model/checkout-model';
import { formatEvent, pathEvents, type PathDriver } from '../model/derive-test-model';
import { configurationOf, type ModelSuite } from '../model/model-suite';
import { pairKey, pairsOf } from '../model/transition-pairs';
import {
  SESSION_BOUNDS,
  checkoutLoadFailureIn,
  storefront,
  storefrontEvents,
} from '../model/storefront-model';
import { PROPERTY_CHECKS_KEY, Reach, machineModels, reachFrom, reportCoverage } from './coverage-report';
import type { Engine } from './driver';
import { launchEngine } from './engines/launch';
import { CLOCK_START, checkoutDriver, modelPages, storefrontDriver, type ModelPage } from './model-drivers';
import {
  checkingProperties,
  propertiesCheckedRow,
  propertyChecks,
  type MachineName,
} from './temporal-checks';

const BASE_URL = process.env.BASE_URL;
/** Where the covering paths' runs wrote what they reached (model-paths.engines.ts's ENGINES_RESULTS), comma-separated. */
const PATHS_RESULTS = process.env.PATHS_RESULTS ?? 'test-results/engines,test-results/engines-edge';
const option = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = option('SESSIONS_SEED', Date.now() % 2 ** 31);
/** This engine's seed, drawn from SEED: each engine runs sessions of its own, so together they reach more. */
const ENGINE_SEED =
  (SEED + ['chromium', 'firefox', 'webkit'].indexOf(process.env.ENGINE ?? '') * 1_000_003) % 2 ** 31;
/** This engine's share of the pairs ({@link Session.choose}): pairs whose hash leaves this remainder by 3. */
const ENGINE_SHARE = Math.max(0, ['chromium', 'firefox', 'webkit'].indexOf(process.env.ENGINE ?? ''));
/**
 * How much {@link Session.choose} weighs an event (1 for any): more when it takes a transition pair not
 * yet taken (in this engine's sessions so far), most when that pair is this engine's share, some when
 * the transitions it takes begin pairs the model can take that are not yet taken.
 */
const WEIGHTS = { untakenOwn: 24, untaken: 8, leadsToUntaken: 4 };
/** Which engine's share a pair is in (0, 1 or 2): a hash of its key. */
const shareOf = (pair: string) =>
  [...pair].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 1_000_003, 0) % 3;
const RUNS = option('SESSIONS_RUNS', 10);
const MAX_STEPS = option('SESSIONS_MAX_STEPS', 20);
const REPLAY = process.env.SESSIONS_PATH
  ? { path: process.env.SESSIONS_PATH, replayPath: process.env.SESSIONS_REPLAY_PATH }
  : undefined;
/** A whole engine's sessions, shrinking included, ms. */
const TIMEOUT_MS = 1_500_000;

type Driver = PathDriver<AnyMachineSnapshot, EventObject> & { downloadHeld?: () => boolean };

/** What a machine's sessions need: its suite, the real machine, its sample events and its driver. */
interface SessionSpec {
  suite: ModelSuite;
  /** The real machine, its invoked actors never settling on their own: the commands settle them. */
  machine: AnyStateMachine;
  input?: unknown;
  /** The sample events of a snapshot, a session's bounds (delay events are the timers' to give). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Whether a step that moves the page's clock moves it before its event (an order placed after 2 s). */
  clockFirst: boolean;
  open: (page: ModelPage) => Promise<Driver>;
  /** The state configurations are counted (a machine with parallel regions). */
  configurations: boolean;
}

const SPECS: Record<string, SessionSpec> = {
  storefront: {
    suite: storefront,
    machine: storefrontMachine.provide({
      actors: { loadCheckout: fromPromise<void>(() => new Promise<void>(() => {})) },
    }),
    events: (snapshot) => storefrontEvents(snapshot as never, SESSION_BOUNDS),
    clockFirst: true,
    open: (page) => storefrontDriver(page) as Promise<Driver>,
    configurations: true,
  },
  checkout: {
    suite: checkout,
    machine: checkoutMachine,
    input: CHECKOUT_MODEL_INPUT,
    events: (snapshot) => checkoutEvents(snapshot as never),
    clockFirst: false,
    open: (page) => checkoutDriver(page) as Promise<Driver>,
    configurations: false,
  },
};

const isDelay = (event: EventObject) => event.type.startsWith('delay.');
/**
 * Events that deploy the next release: they need a page with a server of its own (a copy of the local
 * build, or in front of `BASE_URL` a fault layer that presents the deployment's next release).
 */
const deploys = (event: EventObject) =>
  event.type === 'release.waiting' || checkoutLoadFailureIn(event as never) === 'outdated';

/**
 * The model of one session: the real machine on a simulated clock that starts with the page's, and
 * what the session did (its events, as the paths name them, and the configurations it passed).
 */
class Session {
  readonly clock = new SimulatedClock();
  readonly actor: AnyActorRef;
  /** When each scheduled event of the machine falls due, by its scheduler key. */
  private readonly due = new Map<string, number>();
  readonly events: EventObject[] = [];
  readonly configurations = new Set<string>();
  readonly steps: string[] = [];
  /** The transitions the last step that took any took (its last microstep's): a pair's first half. */
  private lastTransitions: readonly string[] = [];
  /** The pairs this session took. */
  private readonly pairs = new Set<string>();

  /**
   * `pairs`: those the model can take within a session's bounds and those this engine's earlier
   * sessions took ({@link choose} seeks the others).
   */
  constructor(
    readonly spec: SessionSpec,
    readonly driver: Driver,
    readonly page: ModelPage,
    readonly deploying: boolean,
    private readonly known: { reachable: ReadonlySet<string>; taken: ReadonlySet<string> },
  ) {
    this.clock.set(CLOCK_START);
    this.actor = createActor(spec.machine, {
      input: spec.input,
      clock: this.clock,
      inspect: (inspection) => {
        // A timer fell due: the paths' delay event, `delay.<name>`.
        if (inspection.type !== '@xstate.event' || inspection.actorRef !== this.actor) return;
        const after = /^xstate\.after\.([^.]+)\./.exec(inspection.event.type);
        if (after) this.events.push({ type: `delay.${after[1]}` });
      },
    });
    const { scheduler } = this.actor.system;
    const schedule = scheduler.schedule.bind(scheduler);
    scheduler.schedule = (source, target, event, delay, id) => {
      if (id !== undefined) this.due.set(`${source.sessionId}.${id}`, this.clock.now() + delay);
      schedule(source, target, event, delay, id);
    };
    this.actor.start();
    this.lastTransitions =
      spec.suite.pathMicrosteps({ state: this.snapshot, steps: [] } as never).at(-1) ?? [];
    this.note();
  }

  get snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** The machine's next timer, as its delay event, and when it falls due (page clock, ms). */
  nextTimer(): { event: EventObject; at: number } | null {
    const timers = Object.values(this.actor.system.getSnapshot()._scheduledEvents).map((scheduled) => ({
      event: { type: `delay.${/^xstate\.after\.([^.]+)\./.exec(scheduled.event.type)?.[1]}` },
      at: this.due.get(`${scheduled.source.sessionId}.${scheduled.id}`)!,
    }));
    return timers.sort((a, b) => a.at - b.at)[0] ?? null;
  }

  /**
   * The events a command may send now: the sample events the machine handles (a scenario, each of its
   * real events) that this page can take, and the next timer; none once the page has left.
   */
  enabled(): EventObject[] {
    const snapshot = this.snapshot;
    const samples = this.spec.events(snapshot).filter((event) => !isDelay(event));
    if (samples.length === 0) return [];
    const handled = new Set(getNextTransitions(snapshot).map((transition) => transition.eventType));
    const enabled = samples.filter(
      (event) =>
        this.spec.suite.expand(event, snapshot).every((real: EventObject) => handled.has(real.type)) &&
        this.pageTakes(event, snapshot),
    );
    const timer = this.nextTimer();
    return timer ? [...enabled, timer.event] : enabled;
  }

  /** Whether this page can take `event` in `snapshot` (what its server and worker allow). */
  private pageTakes(event: EventObject, snapshot: AnyMachineSnapshot): boolean {
    const held = this.driver.downloadHeld?.() ?? false;
    return (
      // A download fails, or the cart stops waiting for it, only while the server holds it.
      ((checkoutLoadFailureIn(event as never) === null &&
        !(event.type === 'cart.close' && snapshot.matches({ cart: { open: 'openingCheckout' } }))) ||
        held) &&
      (!deploys(event) || this.deploying) &&
      (event.type !== 'release.waiting' || this.page.withWorker)
    );
  }

  /** The pairs `event` sent in `snapshot` would take after `last`, and the transitions then last. */
  private lookAhead(snapshot: AnyMachineSnapshot, event: EventObject, last: readonly string[]) {
    const microsteps = this.spec.suite.stepMicrosteps(
      snapshot,
      this.spec.suite.expand(event, snapshot) as EventObject[],
    );
    return { pairs: pairsOf([last, ...microsteps]), last: microsteps.at(-1) ?? last };
  }

  /** Whether `pair` is neither in this engine's sessions' pairs nor in this session's. */
  private untaken(pair: string): boolean {
    return !this.known.taken.has(pair) && !this.pairs.has(pair);
  }

  /**
   * The enabled event `pick` (a whole number) chooses, by {@link WEIGHTS}: an event that takes a
   * transition pair this engine has not taken yet weighs most (this engine's share of the pairs more
   * than the rest, so the engines seek different pairs), one whose transitions begin such pairs some,
   * the rest 1; so sessions take pairs they have not taken rather than the same ones again.
   * @throws when nothing is enabled (the command's check rules that out).
   */
  choose(pick: number): EventObject {
    const enabled = this.enabled();
    const snapshot = this.snapshot;
    const weights = enabled.map((event) => {
      const ahead = this.lookAhead(snapshot, event, this.lastTransitions);
      const untaken = [...ahead.pairs].filter((pair) => this.untaken(pair));
      if (untaken.some((pair) => shareOf(pair) === ENGINE_SHARE)) return WEIGHTS.untakenOwn;
      if (untaken.length) return WEIGHTS.untaken;
      const begins = ahead.last.map((first) => pairKey(first, ''));
      const leads = [...this.known.reachable].some(
        (pair) => this.untaken(pair) && begins.some((start) => pair.startsWith(start)),
      );
      return leads ? WEIGHTS.leadsToUntaken : 1;
    });
    let rest = pick % weights.reduce((sum, weight) => sum + weight, 0);
    const event = enabled[weights.findIndex((weight) => (rest -= weight) < 0)];
    if (!event) throw new Error('No event is enabled to choose from.');
    return event;
  }

  /** Performs `event` in the page and the model, then compares the screen with the snapshot's view. */
  async step(event: EventObject): Promise<void> {
    const before = this.snapshot;
    this.steps.push(formatEvent(event));
    const ahead = this.lookAhead(before, event, this.lastTransitions);
    for (const pair of ahead.pairs) this.pairs.add(pair);
    this.lastTransitions = ahead.last;
    const timer = this.nextTimer();
    if (isDelay(event) && timer) {
      const ms = timer.at - this.clock.now();
      await this.driver.advanceClock(ms - 1);
      await this.driver.assertState(before);
      await this.driver.advanceClock(1);
      this.clock.set(timer.at);
    } else {
      await this.driver.perform(event, before);
      // A new document (a reload) has no fake clock: the model's stays where it was.
      const now = await this.page.browser.tickClock(0).catch(() => this.clock.now());
      if (this.spec.clockFirst) this.clock.set(now);
      this.events.push(event);
      for (const real of this.spec.suite.expand(event, before)) this.actor.send(real);
      if (!this.spec.clockFirst) this.clock.set(now);
    }
    this.note();
    await this.driver.assertState(this.snapshot);
  }

  private note() {
    if (this.spec.configurations) this.configurations.add(configurationOf(this.snapshot.value));
  }

  /** The session's events as a path, to replay through the instrumented machine. */
  private asPath() {
    const state = this.snapshot;
    const steps = [
      { state, event: { type: 'xstate.init' } },
      ...this.events.map((event) => ({ state, event })),
    ];
    return { state, steps } as never;
  }

  /** What the session reached: coverage items, configurations and transition pairs, into `reach`. */
  addTo(reach: Reach): void {
    const path = this.asPath();
    reach.add(this.spec.suite.pathCoverage(path), this.configurations, this.spec.suite.pathMicrosteps(path));
  }
}

/**
 * A command: one step, the enabled event its `pick` chooses ({@link Session.choose}), while the session
 * has steps left and the page has not left. Named by the event it ran.
 */
class StepCommand implements fc.AsyncCommand<Session, Session> {
  private chosen: EventObject | undefined;
  constructor(readonly pick: number) {}
  check(session: Readonly<Session>) {
    return session.steps.length < MAX_STEPS && session.enabled().length > 0;
  }
  async run(session: Session) {
    this.chosen = session.choose(this.pick);
    await session.step(this.chosen);
  }
  toString() {
    return this.chosen ? formatEvent(this.chosen) : `pick ${this.pick}`;
  }
}

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

before(async () => {
  engine = await launchEngine(process.env.ENGINE);
  pages = modelPages(engine, 'sessions');
  console.log(
    `${engine.name} sessions: seed ${SEED} (${engine.name}'s ${ENGINE_SEED}), ${RUNS} sessions of up to ${MAX_STEPS} steps`,
  );
});
after(async () => {
  await engine?.close();
  await pages?.stop();
  if (engine) report();
});

const chosen = process.env.SESSIONS_MACHINE;
/** A machine's share of RUNS: about a fifth for the checkout, whose model is small; all for one chosen. */
const runsOf = (name: string) => {
  const checkoutRuns = Math.max(1, Math.round(RUNS / 5));
  return chosen ? RUNS : name === 'checkout' ? checkoutRuns : Math.max(1, RUNS - checkoutRuns);
};
for (const [name, spec] of Object.entries(SPECS)) {
  if (chosen && chosen !== name) continue;
  test(`${name} sessions`, { timeout: TIMEOUT_MS }, async () => {
    // Drawn lists run from empty to maxCommands long: twice MAX_STEPS, so most sessions use their steps.
    const commands = fc.commands([fc.nat().map((pick) => new StepCommand(pick))], {
      maxCommands: MAX_STEPS * 2,
      size: 'max',
      replayPath: REPLAY?.replayPath,
    });
    // The page of a machine that can deploy a release: 0 plain, 1 deploys without the worker (the
    // server holds the checkout's download, which can fail, as outdated too), 2 and 3 with the worker
    // (a release arrives; nothing is held). Shrinking tries the plainer pages.
    const canDeploy = spec.suite.paths.some((path) => pathEvents(path).some(deploys));
    const pageKinds = fc.integer({ min: 0, max: canDeploy ? 3 : 0 });
    let failure: { steps: string[]; error: unknown } | undefined;
    let firstFailure: number | undefined;
    const property = fc.asyncProperty(pageKinds, commands, async (kind, list) => {
      const deploying = kind > 0;
      const page = await pages.openPage(kind > 1, deploying);
      let session: Session | undefined;
      try {
        const driver = checkingProperties(await spec.open(page), name as MachineName, page, {
          modelNow: () => session?.clock.now() ?? CLOCK_START,
          step: () => `step ${session?.steps.length ?? 0}: ${session?.steps.at(-1) ?? 'the first screen'}`,
        });
        await captureConsole(page);
        session = new Session(spec, driver, page, deploying, {
          reachable: models.find((model) => model.suite === spec.suite)!.pairs,
          taken: reached.get(name)!.pairs,
        });
        await driver.assertState(session.snapshot);
        const ready = session;
        await fc.asyncModelRun(async () => ({ model: ready, real: ready }), list);
        counts.sessions += 1;
        counts.steps += ready.steps.length;
        ready.addTo(reached.get(name)!);
      } catch (error) {
        failure = { steps: session?.steps ?? ['(opening the page)'], error };
        firstFailure ??= failure.steps.length;
        await keepEvidence(page, name);
        throw error;
      } finally {
        await page.close();
      }
    });
    const details = await fc.check(property, {
      seed: ENGINE_SEED,
      numRuns: REPLAY ? 1 : runsOf(name),
      ...(REPLAY ? { path: REPLAY.path, endOnFailure: true } : {}),
    });
    if (!details.failed) return;
    const replayPath = /replayPath="([^"]*)"/.exec(String(details.counterexample?.[1]))?.[1] ?? '';
    const error = failure?.error ?? details.errorInstance;
    throw new Error(
      [
        `${engine.name} ${name} session failed at step ${firstFailure}, shrunk ${details.numShrinks} times to ${failure?.steps.length} steps (seed ${SEED}, ${engine.name}'s ${details.seed}, path ${details.counterexamplePath}):`,
        ...(failure?.steps ?? []).map((step, index) => `  ${index + 1}. ${step}`),
        `  ${error instanceof Error ? error.message : String(error)}`,
        `Replay: npm run test:sessions -- --engine ${engine.name} --machine ${name} --seed ${SEED} --path ${details.counterexamplePath} --replay-path '${replayPath}'`,
        `Screenshot and console: ${join('test-results', 'sessions', `${engine.name}-${name}.*`)}`,
      ].join('\n'),
      { cause: error },
    );
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
 * The covering paths' reach in this engine, as their latest run wrote it (model-paths.engines.ts), if
 * one ran: the newest of the folders of PATHS_RESULTS (npm test runs Chromium's paths against the CDN,
 * into test-results/engines-edge).
 */
function pathsReach():
  (Record<string, Parameters<typeof reachFrom>[0]> & { [PROPERTY_CHECKS_KEY]?: number }) | null {
  const [latest] = PATHS_RESULTS.split(',')
    .map((folder) => join(folder, `${engine.name}-paths-coverage.json`))
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return latest === undefined ? null : JSON.parse(readFileSync(latest, 'utf8'));
}

/**
 * Prints the engine's coverage table (sessions, covering paths, both) and writes it, and the pairs the
 * sessions took and the model can take, into ENGINES_RESULTS.
 */
function report() {
  const paths = pathsReach();
  const fromPaths = (name: string) => reachFrom(paths?.[name]);
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
          ? [
              propertyChecks(),
              paths[PROPERTY_CHECKS_KEY] ?? 0,
              propertyChecks() + (paths[PROPERTY_CHECKS_KEY] ?? 0),
            ]
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
}
