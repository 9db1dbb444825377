/**
 * The panel of a replay (./open-replay.ts): which step the page shows of how many, the steps with the
 * current and the failing one marked, the machines' state there, and links to the step before, the
 * step after and the failing step (each a page of its own, so every step is played from the start).
 * Dev server only: plain DOM, outside React, beside the shop.
 */

/** What the panel shows. */
export interface ReplayView {
  /** The steps' labels, as the failure printed them. */
  readonly labels: readonly string[];
  /** The step shown (0: the first screen) and the one that failed. */
  readonly step: number;
  readonly failing: number;
  /** Each machine's state value there, by machine id (the checkout's only on /checkout). */
  readonly states: Readonly<Record<string, unknown>>;
  /** The URL of the replay at another step. */
  readonly hrefOf: (step: number) => string;
}

/** The id of the panel's element. */
export const REPLAY_PANEL_ID = 'replay-panel';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string) => {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  return made;
};

/** Shows the panel, replacing an earlier one. */
export function showReplayPanel({ labels, step, failing, states, hrefOf }: ReplayView): void {
  document.getElementById(REPLAY_PANEL_ID)?.remove();
  const panel = element('aside');
  panel.id = REPLAY_PANEL_ID;
  panel.setAttribute('aria-label', 'Replay');
  panel.style.cssText =
    'position:fixed;right:0;bottom:0;z-index:2147483647;width:min(26rem,100vw);max-height:50vh;' +
    'overflow:auto;padding:0.75rem;background:Canvas;color:CanvasText;border:2px solid #5b21b6;' +
    'font:13px/1.4 system-ui,sans-serif';
  const title = step === failing ? ' (the failing step)' : '';
  const heading = element('h2', `Replay: step ${step} of ${labels.length}${title}`);
  heading.style.margin = '0 0 0.5rem';
  const nav = element('nav');
  nav.setAttribute('aria-label', 'Replay steps');
  const link = (text: string, to: number) => {
    if (to < 0 || to > labels.length || to === step) return;
    const anchor = element('a', text);
    anchor.href = hrefOf(to);
    anchor.style.marginRight = '1rem';
    nav.append(anchor);
  };
  link('Back', step - 1);
  link('Forward', step + 1);
  link('To the failing step', failing);
  const list = element('ol');
  labels.forEach((label, index) => {
    const item = element('li', label);
    if (index + 1 === step) item.setAttribute('aria-current', 'step');
    if (index + 1 === failing) item.append(' ✗');
    item.style.fontWeight = index + 1 === step ? 'bold' : 'normal';
    item.style.opacity = index + 1 > step ? '0.6' : '1';
    list.append(item);
  });
  const machines = element('dl');
  for (const [machine, value] of Object.entries(states)) {
    machines.append(element('dt', machine), element('dd', JSON.stringify(value)));
  }
  panel.append(heading, nav, machines, list);
  document.body.append(panel);
}
