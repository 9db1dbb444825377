/**
 * One machine's shoppers' sessions as fast-check draws, runs and shrinks them, on whatever page a
 * runner opens (a browser's in tests/model/sessions.node-test.ts, the models' stand-in in its own
 * test): the smallest failing session found so far is reported each time shrinking finds a smaller
 * one, so a run stopped from outside has printed it; shrinking stops after a time budget
 * (fast-check's `interruptAfterTimeLimit`, started at the first failure) with the smallest found;
 * and a failed session is replayed from its draw, the picks of its page and of each step it ran, not
 * from fast-check's path, so the replay runs exactly the steps reported.
 */
import fc from 'fast-check';
import type { EventObject } from 'xstate';
import { decodePairs, encodePairs } from './transition-pairs';
import { PICKS, Session, StepCommand, sessionArbitraries, type Steering } from './session';

/** A session's draw: its page's pick and the picks of the steps it ran, in order (each below {@link PICKS}). */
export interface SessionDraw {
  readonly page: number;
  readonly steps: readonly number[];
}

/** A draw as the `--replay` option writes it: the picks, the page's first, joined by dots. */
export const encodeDraw = ({ page, steps }: SessionDraw): string => [page, ...steps].join('.');

/**
 * The draw that `text` ({@link encodeDraw}'s) writes.
 * @throws when it is not one or more picks (integers from 0 to PICKS − 1) joined by dots
 */
export function decodeDraw(text: string): SessionDraw {
  const picks = text.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  if (picks.some((pick) => !(pick < PICKS))) {
    throw new Error(
      `--replay '${text}': expected picks from 0 to ${PICKS - 1} joined by dots, as a failure prints them`,
    );
  }
  const [page = 0, ...steps] = picks;
  return { page, steps };
}

/**
 * Runs one session: opens the page `pick` chooses (session.ts's `choosePage` with `known`), runs the
 * commands on it (`fc.asyncModelRun`) and resolves with the session. On failure it rejects with a
 * {@link SessionError}, which carries the session when it had begun.
 */
export type SessionRunner = (
  pick: number,
  commands: Iterable<fc.AsyncCommand<Session, unknown>>,
  known: Steering,
) => Promise<Session>;

/** A session's failure, with the session when it had begun (its steps until the failure). */
export class SessionError extends Error {
  constructor(
    readonly session: Session | undefined,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SessionError';
  }
}

/** The smallest failing session found: what it did, why it failed, and what replays it. */
export interface SessionFailure {
  /** Its steps, as texts ('(opening the page)' when the page did not open). */
  readonly steps: readonly string[];
  /** Its events as the paths name them, delays included: what its live link replays. */
  readonly events: readonly EventObject[];
  readonly error: unknown;
  /** Its draw ({@link encodeDraw}): what `--replay` runs again. */
  readonly draw: SessionDraw;
  /** The pairs taken before it, which steered it (and steer its replay). */
  readonly taken: ReadonlySet<string>;
  /** How many steps the first failing session had, before shrinking. */
  readonly firstSteps: number;
  /** How many smaller failing sessions shrinking found. */
  readonly shrinks: number;
}

/**
 * The failure of a session on the page `page` picked, steered by the pairs `taken`, that threw
 * `error` (a {@link SessionError} once the session had begun); `before` is the failure it is smaller
 * than, when shrinking found it.
 */
function sessionFailure(
  error: unknown,
  page: number,
  taken: ReadonlySet<string>,
  before?: SessionFailure,
): SessionFailure {
  const session = error instanceof SessionError ? error.session : undefined;
  const steps = session?.steps ?? [];
  return {
    steps: steps.length > 0 ? [...steps] : ['(opening the page)'],
    events: [...(session?.events ?? [])],
    error: error instanceof SessionError ? error.cause : error,
    draw: { page, steps: [...(session?.picks ?? [])] },
    taken,
    firstSteps: before?.firstSteps ?? steps.length,
    shrinks: before === undefined ? 0 : before.shrinks + 1,
  };
}

/** What {@link checkSessions} found: the smallest failure, if any, and whether shrinking ran out of time. */
export interface SessionCheck {
  readonly failure: SessionFailure | undefined;
  /** Whether the shrinking budget ended shrinking before fast-check had tried every smaller session. */
  readonly interrupted: boolean;
}

/**
 * A fast-check plugin: fast-check's own `interruptAfterTimeLimit(budgetMs)`, its clock started at the
 * first failing run (once `failed()`), so the budget is the shrinking's alone. Past it, no more runs
 * start, a run under way is left to end unheeded, and fast-check reports the smallest failure found.
 */
function shrinkingTimeLimit(budgetMs: number, failed: () => boolean): fc.Plugin<unknown> {
  return (index, store) => {
    let limit: fc.PluginInstance<unknown> | undefined;
    return {
      decorateRun: (nestedRun) => (value) => {
        if (limit === undefined && failed()) limit = fc.interruptAfterTimeLimit(budgetMs)(index, store);
        return limit?.decorateRun ? limit.decorateRun(nestedRun)(value) : nestedRun(value);
      },
      onAllRunsComplete: (details) => limit?.onAllRunsComplete?.(details),
    };
  };
}

/** What {@link checkSessions} draws and runs. Times in ms. */
export interface SessionCheckOptions {
  readonly seed: number;
  readonly runs: number;
  readonly maxSteps: number;
  /** How long shrinking may go on after the first failure before it stops with the smallest found. */
  readonly shrinkBudgetMs: number;
  /** What steers the next session (the pairs taken before it); after a failure, its own stay. */
  readonly known: () => Steering;
  readonly run: SessionRunner;
  /** Called with each session that passed before any failed (its reach counts). */
  readonly onPassed?: (session: Session) => void;
  /** Called with the first failure and with each smaller one shrinking finds. */
  readonly onFailure?: (failure: SessionFailure) => void;
}

/**
 * Draws `runs` sessions from `seed` and runs each; on a failure, shrinks it within the budget.
 * @returns the smallest failing session found, if any
 */
export async function checkSessions(options: SessionCheckOptions): Promise<SessionCheck> {
  const { pagePicks, commands } = sessionArbitraries(options.maxSteps);
  let failure: SessionFailure | undefined;
  let settled = false;
  const property = fc.asyncProperty(pagePicks, commands, async (pick, list) => {
    // Once a session failed, the pairs taken stay as they were before it, so each shrinking attempt
    // (and the replay) is steered as it was.
    const known = failure ? { ...options.known(), taken: failure.taken } : options.known();
    try {
      const session = await options.run(pick, list, known);
      if (!failure && !settled) options.onPassed?.(session);
    } catch (error) {
      // A run left under way when the budget ran out ends unheeded.
      if (settled) throw error;
      failure = sessionFailure(error, pick, known.taken, failure);
      options.onFailure?.(failure);
      throw error;
    }
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    plugins: [shrinkingTimeLimit(options.shrinkBudgetMs, () => failure !== undefined)],
  });
  settled = true;
  return { failure: details.failed ? failure : undefined, interrupted: details.interrupted };
}

/** What a replay ran: the session's steps, and its failure when it failed. */
export interface SessionReplay {
  readonly steps: readonly string[];
  readonly failure: SessionFailure | undefined;
}

/**
 * Runs the session `draw` writes again, steered by the pairs `known().taken` before it, as it ran when
 * it failed: the same page, and each step's pick in turn.
 */
export async function replaySession(
  draw: SessionDraw,
  { maxSteps, known, run }: Pick<SessionCheckOptions, 'maxSteps' | 'known' | 'run'>,
): Promise<SessionReplay> {
  const steering = known();
  const commands = draw.steps.map((pick) => new StepCommand(pick, maxSteps));
  try {
    const session = await run(draw.page, commands, steering);
    return { steps: [...session.steps], failure: undefined };
  } catch (error) {
    const failure = sessionFailure(error, draw.page, steering.taken);
    return { steps: failure.steps, failure };
  }
}

/**
 * The options of `npm run test:sessions` that replay `failure` of machine `machine`, whose session can
 * take the pairs `reachable`: `--machine`, `--replay` and `--taken`.
 */
export const replayOptions = (machine: string, failure: SessionFailure, reachable: ReadonlySet<string>) =>
  `--machine ${machine} --replay '${encodeDraw(failure.draw)}' --taken '${encodePairs(failure.taken, reachable)}'`;

/** The draw and the pairs taken that a `Replay:` line's options name (see {@link replayOptions}). */
export function parseReplayOptions(
  line: string,
  reachable: ReadonlySet<string>,
): { machine: string; draw: SessionDraw; taken: Set<string> } {
  const value = (name: string) => {
    const match = new RegExp(`--${name} '?([^' ]*)'?`).exec(line);
    if (!match) throw new Error(`no --${name} in: ${line}`);
    return match[1]!;
  };
  return {
    machine: value('machine'),
    draw: decodeDraw(value('replay')),
    taken: decodePairs(value('taken'), reachable),
  };
}
