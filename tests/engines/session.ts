/**
 * One shopper's session (sessions.engines.ts) and its steps: the model of the session (the real
 * machine on XState's SimulatedClock, moved as the page's fake clock moves) beside the page's driver,
 * the events enabled in its snapshot that the page can take, and the choice of the next one, steered
 * towards transition pairs not yet taken (../model/session-steering.ts). Nothing here needs a browser:
 * scripts/sessions-dry-run.ts runs the same sessions against the model alone.
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
import { CHECKOUT_MODEL_INPUT, checkout, checkoutEvents } from '../model/checkout-model';
import { formatEvent, pathEvents, type PathDriver } from '../model/derive-test-model';
import { configurationOf, type ModelSuite } from '../model/model-suite';
import { SteeringGraph } from '../model/session-steering';
import { pairKey, pairsOf } from '../model/transition-pairs';
import {
  MODEL_MAX_CART_COUNT,
  MODEL_MAX_QUANTITY,
  SESSION_BOUNDS,
  checkoutLoadFailureIn,
  storefront,
  storefrontEvents,
} from '../model/storefront-model';
import { sessionEvents, type Reach } from './coverage-report';
import { CLOCK_START, checkoutDriver, storefrontDriver, type ModelPage } from './model-drivers';

/**
 * How much {@link Session.choose} weighs an event (1 for any): more when it takes a transition pair not
 * yet taken (in this engine's sessions so far), most when that pair is this engine's share; much when
 * it begins the shortest way to such a pair of this engine's share; some when the transitions it takes
 * begin pairs the model can take that are not yet taken.
 */
export const WEIGHTS = { untakenOwn: 96, untaken: 32, towardsOwn: 48, leadsToUntaken: 2 };
/** Which engine's share a pair is in (0, 1 or 2): a hash of its key. */
export const shareOf = (pair: string) =>
  [...pair].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 1_000_003, 0) % 3;

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

export const isDelay = (event: EventObject) => event.type.startsWith('delay.');
/**
 * Events that deploy the next release: they need a page with a server of its own (a copy of the local
 * build, or in front of `BASE_URL` a fault layer that presents the deployment's next release).
 */
export const deploys = (event: EventObject) =>
  event.type === 'release.waiting' || checkoutLoadFailureIn(event as never) === 'outdated';

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
  /** The transitions the last step that took any took (its last microstep's): a pair's first half. */
  private lastTransitions: readonly string[] = [];
  /** The pairs this session took. */
  private readonly pairs = new Set<string>();

  /**
   * `known`: the pairs the model can take within a session's bounds, those this engine's earlier
   * sessions took ({@link choose} seeks the others), this engine's share of them ({@link shareOf}) and
   * the model's steering graph.
   */
  constructor(
    readonly spec: SessionSpec,
    readonly driver: Driver,
    readonly page: SessionPage,
    readonly deploying: boolean,
    private readonly known: {
      reachable: ReadonlySet<string>;
      taken: ReadonlySet<string>;
      share: number;
      steering: SteeringGraph;
    },
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
   * Whether this page can ever take `event` (a later step's): a release needs a page that deploys,
   * a waiting one the worker; a download fails only where the server holds it (no worker).
   */
  private pageAllows(event: EventObject): boolean {
    return (
      (!deploys(event) || this.deploying) &&
      (event.type !== 'release.waiting' || this.page.withWorker) &&
      (checkoutLoadFailureIn(event as never) === null || !this.page.withWorker)
    );
  }

  /**
   * The enabled event `pick` (a whole number) chooses, by {@link WEIGHTS}: an event that takes a
   * transition pair this engine has not taken yet weighs most (this engine's share of the pairs more
   * than the rest, so the engines seek different pairs); then the events that begin the shortest way
   * (in the model's steering graph, through events this page allows) to an untaken pair of this
   * engine's share, or of any share once its own are out of reach; then those whose transitions begin
   * untaken pairs; the rest 1. So sessions take pairs they have not taken rather than the same ones.
   * @throws when nothing is enabled (the command's check rules that out).
   */
  choose(pick: number): EventObject {
    const enabled = this.enabled();
    const snapshot = this.snapshot;
    const wanted = (own: boolean) => (pair: string) =>
      this.known.reachable.has(pair) && this.untaken(pair) && (!own || shareOf(pair) === this.known.share);
    const towards = (own: boolean) =>
      this.known.steering.distances(snapshot, this.lastTransitions, enabled, wanted(own), (event) =>
        this.pageAllows(event),
      );
    const ownDistances = towards(true);
    const distances = ownDistances.some(Number.isFinite) ? ownDistances : towards(false);
    const nearest = Math.min(...distances.filter((distance) => distance > 1));
    const weights = enabled.map((event, index) => {
      const ahead = this.lookAhead(snapshot, event, this.lastTransitions);
      const untaken = [...ahead.pairs].filter((pair) => this.untaken(pair));
      if (untaken.some((pair) => shareOf(pair) === this.known.share)) return WEIGHTS.untakenOwn;
      if (untaken.length) return WEIGHTS.untaken;
      if (distances[index] === nearest) return WEIGHTS.towardsOwn;
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
    this.chosen = session.choose(this.pick);
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

/** The engines sessions run in, in order: each draws from a seed and seeks a share of its own. */
const ENGINES = ['chromium', 'firefox', 'webkit'];

/** An engine's seed, drawn from the run's: each engine runs sessions of its own, so together they reach more. */
export const engineSeed = (seed: number, engine: string) =>
  (seed + ENGINES.indexOf(engine) * 1_000_003) % 2 ** 31;

/** An engine's share of the pairs ({@link shareOf}): its place among the engines (0 for another). */
export const engineShare = (engine: string) => Math.max(0, ENGINES.indexOf(engine));

/**
 * A machine's share of `runs` sessions: about a fifth for the checkout, whose model is small; all of
 * them for a `chosen` machine.
 */
export function runsOf(name: string, runs: number, chosen: string | undefined): number {
  const checkoutRuns = Math.max(1, Math.round(runs / 5));
  return chosen ? runs : name === 'checkout' ? checkoutRuns : Math.max(1, runs - checkoutRuns);
}

/**
 * What a session of `spec` is drawn from: its page's kind and its commands (up to `maxSteps` steps;
 * `replayPath` replays a shrunk failure's).
 */
export function sessionArbitraries(spec: SessionSpec, maxSteps: number, replayPath?: string) {
  // Drawn lists run from empty to maxCommands long, and fast-check favours short ones: four times
  // maxSteps, so most sessions use their steps unless the page leaves.
  const commands = fc.commands([fc.nat().map((pick) => new StepCommand(pick, maxSteps))], {
    maxCommands: maxSteps * 4,
    size: 'max',
    replayPath,
  });
  // The page of a machine that can deploy a release: 0 plain, 1 deploys without the worker (the
  // server holds the checkout's download, which can fail, as outdated too), 2 and 3 with the worker
  // (a release arrives; nothing is held). Shrinking tries the plainer pages.
  const canDeploy = spec.suite.paths.some((path) => pathEvents(path).some(deploys));
  return { pageKinds: fc.integer({ min: 0, max: canDeploy ? 3 : 0 }), commands };
}
