/**
 * One shopper's session (sessions.node-test.ts) and its steps: the model of the session (the real
 * machine on XState's SimulatedClock, moved as the page's fake clock moves) beside the page's driver,
 * the events enabled in its snapshot that the page can take, and the choice of the next one, steered
 * towards transition pairs not yet taken (../model/session-steering.ts). Nothing here needs a browser:
 * scripts/test/sessions-dry-run.ts runs the same sessions against the model alone.
 */
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
import { CHECKOUT_MODEL_INPUT, checkout, checkoutEvents } from '@support/model/checkout-model';
import { formatEvent, pathEvents, type PathDriver } from '@support/model/derive-test-model';
import { configurationOf, type ModelSuite } from '@support/model/model-suite';
import { SteeringGraph } from '@support/model/session-steering';
import { pairKey, pairsOf } from '@support/model/transition-pairs';
import {
  MODEL_MAX_CART_COUNT,
  MODEL_MAX_QUANTITY,
  SESSION_BOUNDS,
  checkoutLoadFailureIn,
  storefront,
  storefrontEvents,
} from '@support/model/storefront-model';
import { sessionEvents, type Reach } from '@support/model/coverage-report';
import {
  CLOCK_START,
  checkoutClockMove,
  checkoutDriver,
  storefrontClockMove,
  storefrontDriver,
  storefrontEndsDownload,
  type ModelPage,
} from '@support/model/model-drivers';

/**
 * How much {@link Session.choose} weighs an event (1 for any): most when it takes a transition pair not
 * yet taken; much when it begins the shortest way to one; some when the transitions it takes begin
 * pairs not yet taken.
 */
export const WEIGHTS = { untaken: 400, towards: 200, leadsToUntaken: 2 };

/**
 * A drawn pick is a whole number below this: it chooses by where it falls in the weights' total, so
 * shrinking it (towards 0, the first choice) takes a few halvings, each attempt a fresh page.
 */
export const PICKS = 1000;

/** The index `pick` (0 ≤ pick < {@link PICKS}) chooses among `weights` (not all 0), by their share. */
export function weighedChoice(weights: readonly number[], pick: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let rest = Math.floor((pick / PICKS) * total);
  return weights.findIndex((weight) => (rest -= weight) < 0);
}

/** What a session needs of its page: whether it has the worker, and its fake clock. */
export type SessionPage = Pick<ModelPage, 'withWorker'> & {
  browser: Pick<ModelPage['browser'], 'tickClock'>;
};

export type Driver = PathDriver<AnyMachineSnapshot, EventObject> & { downloadHeld?: () => boolean };

/** What a machine's sessions need: its suite, the real machine, its sample events and its driver. */
export interface SessionSpec {
  suite: ModelSuite;
  /** The real machine, its invoked actors never settling on their own: the commands settle them. */
  machine: AnyStateMachine;
  input?: unknown;
  /** The sample events of a snapshot, a session's bounds (delay events are the timers' to give). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Whether a step that moves the page's clock moves it before its event (an order placed after 2 s). */
  clockFirst: boolean;
  open: (page: ModelPage) => Promise<Driver>;
  /** How far its driver moves the page's clock as it performs an event from a snapshot (ms). */
  clockMove: (event: EventObject, snapshot: AnyMachineSnapshot) => number;
  /** Whether its driver has ended the held checkout download as loaded once it performed an event. */
  endsDownload: (event: EventObject) => boolean;
  /** The state configurations are counted (a machine with parallel regions). */
  configurations: boolean;
}

/** The sessions of each machine. */
export const SPECS: Record<string, SessionSpec> = {
  storefront: {
    suite: storefront,
    machine: storefrontMachine.provide({
      actors: { loadCheckout: fromPromise<void>(() => new Promise<void>(() => {})) },
    }),
    events: (snapshot) => storefrontEvents(snapshot as never, SESSION_BOUNDS),
    clockFirst: true,
    open: (page) => storefrontDriver(page) as Promise<Driver>,
    clockMove: (event, snapshot) => storefrontClockMove(event as never, snapshot as never),
    endsDownload: (event) => storefrontEndsDownload(event as never),
    configurations: true,
  },
  checkout: {
    suite: checkout,
    machine: checkoutMachine,
    input: CHECKOUT_MODEL_INPUT,
    events: (snapshot) => checkoutEvents(snapshot as never),
    clockFirst: false,
    open: (page) => checkoutDriver(page) as Promise<Driver>,
    clockMove: (event) => checkoutClockMove(event as never),
    // No step of the checkout's ends the storefront's held download.
    endsDownload: () => false,
    configurations: false,
  },
};

export const isDelay = (event: EventObject) => event.type.startsWith('delay.');
/**
 * Events that deploy the next release: they need a page with a server of its own (a copy of the local
 * build, or in front of `BASE_URL` a fault layer that presents the deployment's next release).
 */
export const deploys = (event: EventObject) =>
  event.type === 'release.waiting' || checkoutLoadFailureIn(event as never) === 'outdated';

/**
 * A session's page: whether it deploys a release (a server of its own, a copy of the build or the fault
 * layer's next release) and whether the worker controls it.
 */
export interface PageKind {
  deploying: boolean;
  withWorker: boolean;
}
/**
 * The pages a session can open, plainest first (shrinking goes there): plain; one that deploys without
 * the worker (the server holds the checkout's download, which can fail, as outdated too); one with the
 * worker (a release arrives; nothing is held).
 */
export const PAGE_KINDS: readonly PageKind[] = [
  { deploying: false, withWorker: false },
  { deploying: true, withWorker: false },
  { deploying: true, withWorker: true },
];

/**
 * Whether a page of `kind` can ever take `event`: a release needs a page that deploys, a waiting one
 * the worker; a download fails only where the server holds it (no worker).
 */
export const pageAllows = (event: EventObject, kind: PageKind) =>
  (!deploys(event) || kind.deploying) &&
  (event.type !== 'release.waiting' || kind.withWorker) &&
  (checkoutLoadFailureIn(event as never) === null || !kind.withWorker);

/** What steers a session: the pairs it can take, those taken before it, and the model's graph. */
export interface Steering {
  /** The pairs the model can take within a session's bounds. */
  reachable: ReadonlySet<string>;
  /** The pairs taken before the session: by the engines before this one, and this one's sessions. */
  taken: ReadonlySet<string>;
  steering: SteeringGraph;
}

/**
 * The page `pick` (below {@link PICKS}) chooses for a session of `spec`, by the transition pairs still
 * untaken that a session on each kind of {@link PAGE_KINDS} can take: a kind whose pairs another
 * kind's include, and more, weighs nothing; the others 1 and each pair only they can take. A machine
 * that deploys nothing opens the plain page.
 */
export function choosePage(spec: SessionSpec, pick: number, known: Steering): PageKind {
  const kinds = spec.suite.paths.some((path) => pathEvents(path).some(deploys))
    ? PAGE_KINDS
    : PAGE_KINDS.slice(0, 1);
  const wanted = (pair: string) => known.reachable.has(pair) && !known.taken.has(pair);
  const sets = kinds.map((kind) => known.steering.wantedWithin(wanted, (event) => pageAllows(event, kind)));
  const within = (set: Set<string>, other: Set<string>) =>
    other.size > set.size && [...set].every((pair) => other.has(pair));
  const kept = sets.filter((set) => !sets.some((other) => within(set, other)));
  const weights = sets.map((set) =>
    kept.includes(set)
      ? 1 + [...set].filter((pair) => kept.every((other) => other === set || !other.has(pair))).length
      : 0,
  );
  return kinds[weighedChoice(weights, pick)]!;
}

/**
 * The model of one session: the real machine on a simulated clock that starts with the page's, and
 * what the session did (its events, as the paths name them, and the configurations it passed).
 */
export class Session {
  readonly clock = new SimulatedClock();
  readonly actor: AnyActorRef;
  /** When each scheduled event of the machine falls due, by its scheduler key. */
  private readonly due = new Map<string, number>();
  readonly events: EventObject[] = [];
  readonly configurations = new Set<string>();
  readonly steps: string[] = [];
  /** Each step's pick ({@link StepCommand}), in order: with the page's, what replays the session. */
  readonly picks: number[] = [];
  /** The transitions the last step that took any took (its last microstep's): a pair's first half. */
  private lastTransitions: readonly string[] = [];
  /** The pairs this session took. */
  private readonly pairs = new Set<string>();

  /** `known`: what steers its steps ({@link choose} seeks the pairs not taken). */
  constructor(
    readonly spec: SessionSpec,
    readonly driver: Driver,
    readonly page: SessionPage,
    readonly deploying: boolean,
    private readonly known: Steering,
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

  /**
   * Whether `pair` is one the model can take within a session's bounds, and neither among those taken
   * before the session nor in this session's. A pair beyond the bounds (a cart past the model's cap)
   * never steers: the pairs taken before a session are printed for its replay as those within them
   * (transition-pairs.ts's `encodePairs`), so the replay is steered as the session was.
   */
  private untaken(pair: string): boolean {
    return this.known.reachable.has(pair) && !this.known.taken.has(pair) && !this.pairs.has(pair);
  }

  /**
   * The enabled event `pick` (below {@link PICKS}) chooses, with `stepsLeft` steps left in the session
   * (this one included), by {@link WEIGHTS}: an event that takes a transition pair not taken yet weighs
   * most; then the events that begin the shortest way (in the model's steering graph, through events
   * this page allows) to an untaken pair; then those whose transitions begin untaken pairs; the rest 1.
   * So sessions take pairs not taken rather than the same ones.
   * @throws when nothing is enabled (the command's check rules that out).
   */
  choose(pick: number, stepsLeft: number): EventObject {
    const enabled = this.enabled();
    const snapshot = this.snapshot;
    const wanted = (pair: string) => this.known.reachable.has(pair) && this.untaken(pair);
    const distances = this.known.steering.distances(
      snapshot,
      this.lastTransitions,
      enabled,
      wanted,
      (event) => pageAllows(event, { deploying: this.deploying, withWorker: this.page.withWorker }),
    );
    // The first steps of the shortest ways, when no event takes a wanted pair itself (a step that takes
    // none and stays where it is, as a press the guard refuses, is never one).
    const nearest = Math.min(...distances);
    const routed = nearest > 1 && Number.isFinite(nearest);
    // While another event can still lead to a wanted pair, an event after which the page leaves waits
    // for the session's last step (the steps left would be lost), and one the session can send only
    // once (a release) waits for a pair of its own.
    const after = enabled.map((event) => this.known.steering.after(snapshot, this.lastTransitions, event));
    const more =
      stepsLeft > 1 && distances.some((distance, index) => !after[index]!.once && Number.isFinite(distance));
    const weights = enabled.map((event, index) => {
      if (more && after[index]!.ends) return 1;
      const ahead = this.lookAhead(snapshot, event, this.lastTransitions);
      const untaken = [...ahead.pairs].filter((pair) => this.untaken(pair));
      if (more && after[index]!.once && untaken.length === 0) return 1;
      if (untaken.length) return WEIGHTS.untaken;
      if (routed && distances[index] === nearest) return WEIGHTS.towards;
      const begins = ahead.last.map((first) => pairKey(first, ''));
      const leads = [...this.known.reachable].some(
        (pair) => this.untaken(pair) && begins.some((start) => pair.startsWith(start)),
      );
      return leads ? WEIGHTS.leadsToUntaken : 1;
    });
    const event = enabled[weighedChoice(weights, pick)];
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

  /**
   * Checks the first screen against the snapshot, then runs `commands` on the session (fast-check's
   * model run: each command whose check passes, in order).
   * @throws the first screen's or a step's failure
   */
  async run(commands: Iterable<fc.AsyncCommand<Session, unknown>>): Promise<void> {
    await this.driver.assertState(this.snapshot);
    await fc.asyncModelRun(async () => ({ model: this, real: this }), commands);
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
export class StepCommand implements fc.AsyncCommand<Session, Session> {
  private chosen: EventObject | undefined;
  /** `maxSteps`: a session's steps at most. */
  constructor(
    readonly pick: number,
    readonly maxSteps: number,
  ) {}
  check(session: Readonly<Session>) {
    return session.steps.length < this.maxSteps && session.enabled().length > 0;
  }
  async run(session: Session) {
    session.picks.push(this.pick);
    this.chosen = session.choose(this.pick, this.maxSteps - session.steps.length);
    await session.step(this.chosen);
  }
  toString() {
    return this.chosen ? formatEvent(this.chosen) : `pick ${this.pick}`;
  }
}

/**
 * A suite's steering graph within a session's bounds (coverage-report.ts's `sessionEvents`: the
 * storefront's quantity and cart capped so the graph ends); a session's snapshot is found in it with
 * its quantity and cart capped the same.
 */
export function sessionSteering(suite: ModelSuite): SteeringGraph {
  const { serializeState } = suite.traversal('snapshot');
  const capped = (snapshot: AnyMachineSnapshot): AnyMachineSnapshot => {
    if (suite !== storefront) return snapshot;
    const context = snapshot.context as { quantity: number; cartCount: number };
    return {
      ...snapshot,
      context: {
        ...context,
        quantity: Math.min(context.quantity, MODEL_MAX_QUANTITY),
        cartCount: Math.min(context.cartCount, MODEL_MAX_CART_COUNT),
      },
    } as AnyMachineSnapshot;
  };
  return new SteeringGraph(suite, sessionEvents(suite), (snapshot) =>
    serializeState!(capped(snapshot) as never, undefined),
  );
}

/**
 * The engines sessions run in, in order: each seeks the pairs the engines before it leave (it works out
 * their sessions on the model: session-simulation.ts). The last runs the sessions the goal still
 * needs, so it is the engine whose steps cost least: Chromium's headless shell took about 0.8 s a
 * step beside the others on a 2-core machine, Firefox 0.9 s and WebKit 1.1 s, and the three run side
 * by side, so the run lasts as long as its slowest engine.
 */
export const ENGINES = ['webkit', 'firefox', 'chromium'];

/**
 * The most sessions of a machine the last engine runs beyond the run's budget, to bring the pairs
 * the engines take together up to the goal (session-simulation.ts's `planEngine`).
 */
export const EXTRA_RUNS = 10;

/** An engine's seed, drawn from the run's: each engine runs sessions of its own, so together they reach more. */
export const engineSeed = (seed: number, engine: string) =>
  (seed + ENGINES.indexOf(engine) * 1_000_003) % 2 ** 31;

/**
 * A machine's share of an engine's `runs` sessions: about a twelfth for the checkout, whose model is
 * small (10 pairs), the rest for the storefront.
 */
export function runsOf(name: string, runs: number): number {
  const checkoutRuns = Math.max(1, Math.round(runs / 12));
  return name === 'checkout' ? checkoutRuns : Math.max(1, runs - checkoutRuns);
}

/**
 * What a session is drawn from: its page's pick ({@link choosePage}) and its commands (up to `maxSteps`
 * steps). A failed session is replayed from its own picks (session-check.ts), not through fast-check.
 */
export function sessionArbitraries(maxSteps: number) {
  // A drawn list's length is even from empty to maxCommands (fast-check runs only the commands whose
  // check passes, and shrinks only those it ran): a hundred times maxSteps, so about one session in
  // a hundred has fewer commands than steps.
  const pick = fc.integer({ min: 0, max: PICKS - 1 });
  const commands = fc.commands([pick.map((value) => new StepCommand(value, maxSteps))], {
    maxCommands: maxSteps * 100,
    size: 'max',
  });
  // The page's pick ({@link choosePage}): shrinking tries the plainer pages.
  return { pagePicks: pick, commands };
}
