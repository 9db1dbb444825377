/**
 * A failed shoppers' session is found, shrunk within its budget and replayed from the line its report
 * prints (tests/support/model/session-check.ts), on the models' stand-in page with a fault planted in
 * it: the cart button's count one too high once the cart holds 4 items. The replay runs the reported
 * steps, fails on the fault and passes without it; the browsers' sessions (sessions.node-test.ts) run
 * the same check on real pages.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { machineModels } from '@support/model/coverage-report';
import { SPECS, Session, choosePage, sessionSteering, type Steering } from '@support/model/session';
import {
  SessionError,
  checkSessions,
  decodeDraw,
  encodeDraw,
  parseReplayOptions,
  replayOptions,
  replaySession,
  type SessionRunner,
} from '@support/model/session-check';
import { reachableOf, standIn } from '@support/model/session-simulation';

const spec = SPECS.storefront!;
const reachable = reachableOf(machineModels('sessions'), 'storefront');
const steering = sessionSteering(spec.suite);
const known = (taken: ReadonlySet<string> = new Set()): Steering => ({ reachable, taken, steering });
/** The cart's count from which the planted fault shows one too many. */
const FAULTY_FROM = 4;
const SESSIONS = { seed: 1311214723, runs: 30, maxSteps: 16 };

/** Sessions on the stand-in page, whose cart button, with `fault`, shows one item too many from 4 on. */
const standInRunner =
  (fault: boolean): SessionRunner =>
  async (pick, commands, steered) => {
    const kind = choosePage(spec, pick, steered);
    const { driver, page } = standIn(spec, kind.withWorker);
    const checked = {
      ...driver,
      assertState: async (snapshot: AnyMachineSnapshot) => {
        const { cartCount } = snapshot.context as { cartCount: number };
        const shown = fault && cartCount >= FAULTY_FROM ? cartCount + 1 : cartCount;
        if (shown !== cartCount)
          throw new Error(`the cart button shows ${shown} items, the cart holds ${cartCount}`);
      },
    };
    let session: Session | undefined;
    try {
      session = new Session(spec, checked, page, kind.deploying, steered);
      await session.run(commands);
      return session;
    } catch (error) {
      throw new SessionError(session, error);
    }
  };

describe('a failed session, shrunk and replayed from its printed line', () => {
  it('finds the planted fault, and its replay line runs the reported steps: failing on the fault, passing without it', async () => {
    const reports: number[] = [];
    // A budget that only guards a hang: the outcome below holds however far shrinking got.
    const { failure } = await checkSessions({
      ...SESSIONS,
      shrinkBudgetMs: 600_000,
      known: () => known(),
      run: standInRunner(true),
      onFailure: (found) => reports.push(found.steps.length),
    });

    expect(failure, 'the planted fault is found').toBeDefined();
    expect(String(failure!.error)).toContain('the cart button shows');
    expect(reports.length, 'each smaller failure reported as found').toBe(failure!.shrinks + 1);
    expect(reports.at(-1)).toBe(failure!.steps.length);
    expect(failure!.steps.length).toBeLessThanOrEqual(failure!.firstSteps);

    const line = `Replay: npm run test:sessions -- --engine chromium ${replayOptions('storefront', failure!, reachable)}`;
    const { machine, draw, taken } = parseReplayOptions(line, reachable);
    expect(machine).toBe('storefront');
    const options = { maxSteps: SESSIONS.maxSteps, known: () => known(taken) };

    const onFault = await replaySession(draw, { ...options, run: standInRunner(true) });
    expect(onFault.steps, 'the replay runs the reported steps').toEqual(failure!.steps);
    expect(onFault.failure, 'the replay fails on the fault').toBeDefined();
    expect(String(onFault.failure!.error)).toBe(String(failure!.error));

    const withoutFault = await replaySession(draw, { ...options, run: standInRunner(false) });
    expect(withoutFault.failure, 'passes without it').toBeUndefined();
    expect(withoutFault.steps, 'the same steps').toEqual(failure!.steps);
  });

  it('stops shrinking at its time budget and reports the smallest failure found by then, which replays', async () => {
    const { failure, interrupted } = await checkSessions({
      ...SESSIONS,
      shrinkBudgetMs: 0,
      known: () => known(),
      run: standInRunner(true),
    });

    expect(interrupted, 'shrinking was stopped').toBe(true);
    expect(failure, 'the failure is kept').toBeDefined();
    expect(failure!.shrinks).toBe(0);
    const replay = await replaySession(failure!.draw, {
      maxSteps: SESSIONS.maxSteps,
      known: () => known(failure!.taken),
      run: standInRunner(true),
    });
    expect(replay.failure, 'the replay fails on the fault').toBeDefined();
    expect(replay.steps).toEqual(failure!.steps);
  });

  it('finds nothing without the fault', async () => {
    const { failure } = await checkSessions({
      ...SESSIONS,
      runs: 5,
      shrinkBudgetMs: 0,
      known: () => known(),
      run: standInRunner(false),
    });
    expect(failure).toBeUndefined();
  });
});

describe('a draw as --replay writes it', () => {
  it('is the page pick, then each step pick, joined by dots', () => {
    expect(encodeDraw({ page: 3, steps: [0, 999, 12] })).toBe('3.0.999.12');
    expect(decodeDraw('3.0.999.12')).toEqual({ page: 3, steps: [0, 999, 12] });
    expect(decodeDraw('7')).toEqual({ page: 7, steps: [] });
  });

  it.each(['', '1..2', '1.x', '1.1000', '-1', '1.2 '])(
    'refuses %j with a message naming the option',
    (text) => {
      expect(() => decodeDraw(text)).toThrow(/--replay .*picks from 0 to 999/);
    },
  );
});
