/**
 * Replays (src/dev/state-link/open-replay.ts): a failed path's or session's live link, as
 * tests/support/model/link-steps.ts prints it, opens the whole shop (real routes, real machines, jsdom)
 * at a step of the failure, with a panel of the steps, the machines' state and links to step back,
 * forward and to the failing step. A plan that cannot be read says so.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { openReplay } from '@/dev/state-link/open-replay';
import { REPLAY_PANEL_ID } from '@/dev/state-link/replay-panel';
import { STATE_LINK_MESSAGE_ID } from '@/dev/state-link/state-link-message';
import en from '@/locales/en';
import { replayLink } from '@support/model/link-steps';
import { storefront } from '@support/model/storefront-model';
import { mountAndPlay } from '@support/play-dev-link';

const detaches: Array<() => void> = [];
afterEach(() => {
  for (const detach of detaches.splice(0).reverse()) detach();
  window.history.replaceState(null, '', '/');
  document.getElementById(STATE_LINK_MESSAGE_ID)?.remove();
  document.getElementById(REPLAY_PANEL_ID)?.remove();
  vi.restoreAllMocks();
});

/** A storefront session: an order placed after the checkout opened, then the shopper back at the shop. */
const EVENTS: EventObject[] = [
  { type: 'cart.add' },
  { type: 'cart.open' },
  { type: 'checkout.proceed' },
  { type: 'xstate.done.actor.loadCheckout' },
  { type: 'checkout.opened' },
  { type: 'order.submitted' },
  { type: 'order.placed' },
  { type: 'checkout.left' },
];
const FAILING = 6;
const link = new URL(replayLink('storefront', EVENTS, storefront.delays, FAILING));

/** Opens `url` (path and query) as the page's address, mounts the app where the replay put it, plays it. */
async function openAndPlay(url: string) {
  window.history.replaceState(null, '', url);
  const replay = openReplay();
  if (replay) detaches.push(replay.detach);
  return { replay, router: await mountAndPlay(replay) };
}

describe('a replay link', () => {
  it('is printed for the dev server, carrying its plan', () => {
    expect(link.origin).toBe('http://localhost:5173');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('replay')).toMatch(/^[\w-]+$/);
  });

  it('opens at the failing step: Processing... at /checkout, the panel saying where', async () => {
    const { router } = await openAndPlay(`${link.pathname}${link.search}`);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(await screen.findByRole('button', { name: en.checkout.processing })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Replay' });
    expect(within(panel).getByRole('heading')).toHaveTextContent('Replay: step 6 of 8 (the failing step)');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'cart.add',
      'cart.open',
      'checkout.proceed',
      'xstate.done.actor.loadCheckout',
      'checkout.opened',
      'order.submitted ✗',
      'order.placed',
      'checkout.left',
    ]);
    expect(within(panel).getByText('order.submitted ✗')).toHaveAttribute('aria-current', 'step');
    expect(within(panel).getByText(/"order":"underway"/)).toBeInTheDocument();
    expect(within(panel).getByText('"processing"')).toBeInTheDocument();
    const back = new URL(within(panel).getByRole('link', { name: 'Back' }).getAttribute('href')!, link);
    expect(back.searchParams.get('step')).toBe('5');
    expect(back.searchParams.get('replay')).toBe(link.searchParams.get('replay'));
    expect(
      new URL(
        within(panel).getByRole('link', { name: 'Forward' }).getAttribute('href')!,
        link,
      ).searchParams.get('step'),
    ).toBe('7');
    expect(within(panel).queryByRole('link', { name: 'To the failing step' })).toBeNull();
  });

  it('steps forward to the end: the order placed, the shopper back at the shop with an empty cart', async () => {
    const { router } = await openAndPlay(`/?replay=${link.searchParams.get('replay')}&step=8`);
    expect(router.state.location.pathname).toBe('/');
    const panel = screen.getByRole('complementary', { name: 'Replay' });
    expect(within(panel).getByRole('heading')).toHaveTextContent('Replay: step 8 of 8');
    expect(within(panel).getByText(/"order":"none"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.cartButton.label })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'To the failing step' })).toHaveAttribute(
      'href',
      expect.stringContaining('step=6'),
    );
  });

  it('shows the first screen at step 0, and keeps a step out of range within the replay', async () => {
    await openAndPlay(`/?replay=${link.searchParams.get('replay')}&step=0`);
    expect(screen.getByRole('heading', { name: 'Replay: step 0 of 8' })).toBeInTheDocument();
    detaches
      .splice(0)
      .reverse()
      .forEach((detach) => detach());
    document.body.innerHTML = '';
    await openAndPlay(`/?replay=${link.searchParams.get('replay')}&step=99`);
    expect(screen.getByRole('heading', { name: 'Replay: step 8 of 8' })).toBeInTheDocument();
  });

  it('says a plan it cannot read cannot be played, and plays nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?replay=not-a-plan');
    expect(openReplay()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('This replay cannot be played');
    const truncated = link.searchParams.get('replay')!.slice(0, 40);
    window.history.replaceState(null, '', `/?replay=${truncated}`);
    expect(openReplay()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('This replay cannot be played');
    expect(error).toHaveBeenCalledTimes(2);
  });
});
