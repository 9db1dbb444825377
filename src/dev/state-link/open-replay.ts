/**
 * A failed path or session, watched: on the dev server, `/?replay=<plan>&step=<n>` (printed beside the
 * failure's replay command, tests/support/model/link-steps.ts) opens the shop afresh and plays the
 * first `n` steps of the shrunk failure (default: up to the failing step) through the real machines,
 * as a state link plays its path (./link-session.ts), the clock and the download held there. A panel
 * (./replay-panel.ts) shows the step, the machines' state, and links back, forward and to the failing
 * step; each opens the replay again at that step, played from the start. A plan that cannot be read,
 * or a step that fails, gets a message saying so (./state-link-message.ts).
 *
 * Dev server only, like state links: src/boot/start.tsx loads it behind `import.meta.env.DEV`.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { playSteps, startLinkSession, type LinkRouter } from './link-session';
import type { PageClock } from './page-clock';
import { decodeReplayPlan } from './replay-plan-schema';
import { showReplayPanel } from './replay-panel';
import { showStateLinkMessage } from './state-link-message';

/** The URL parameters: the plan, and the step to show. */
export const REPLAY_PARAMETER = 'replay';
export const STEP_PARAMETER = 'step';

/** An opened replay, ready once the app is mounted. */
export interface OpenedReplay {
  /** The step it shows (0: the first screen). */
  readonly step: number;
  readonly clock: PageClock;
  /** Takes the replay's observer and clock off the actors created afterwards (tests). */
  detach: () => void;
  /** Plays the steps and shows the panel (or the message saying why not). Never rejects. */
  play: (router: LinkRouter) => Promise<void>;
}

/**
 * Reads the page's URL: with no `replay` parameter, returns null and changes nothing; with a plan that
 * cannot be read, shows why and returns null. Otherwise readies the replay before the app mounts.
 */
export function openReplay(): OpenedReplay | null {
  const params = new URLSearchParams(window.location.search);
  const parameter = params.get(REPLAY_PARAMETER);
  if (parameter === null) return null;
  let plan;
  try {
    plan = decodeReplayPlan(parameter);
  } catch (error) {
    showStateLinkMessage({
      title: 'This replay cannot be played',
      detail: `${error instanceof Error ? error.message : String(error)} Copy the whole Live: link a failed path or session printed.`,
      links: [],
    });
    return null;
  }
  const asked = Number(params.get(STEP_PARAMETER) ?? plan.failing);
  const step = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), plan.steps.length) : plan.failing;
  const { actors, clock, detach } = startLinkSession({
    route: plan.route,
    checkoutInput: plan.checkoutInput,
    parameters: [REPLAY_PARAMETER, STEP_PARAMETER],
    hold: true,
  });
  const hrefOf = (to: number) =>
    `${plan.route}?${new URLSearchParams({ [REPLAY_PARAMETER]: parameter, [STEP_PARAMETER]: String(to) })}`;
  return {
    step,
    clock,
    detach,
    play: async (router) => {
      try {
        await playSteps(plan.machine, plan.steps.slice(0, step).flat(), { actors, clock, router });
        const states: Record<string, unknown> = {};
        for (const machine of ['storefront', 'checkout'] as const) {
          const actor = actors.latest(machine);
          const snapshot = actor?.getSnapshot() as AnyMachineSnapshot | undefined;
          if (snapshot?.status === 'active') states[machine] = snapshot.value;
        }
        showReplayPanel({ labels: plan.labels, step, failing: plan.failing, states, hrefOf });
      } catch (error) {
        showStateLinkMessage({
          title: `Step ${step} of the replay could not be played`,
          detail: `${String(error)}. Try an earlier step:`,
          links: Array.from({ length: step }, (_, index) => ({ name: `step ${index}`, href: hrefOf(index) })),
        });
      }
    },
  };
}
