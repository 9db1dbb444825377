/**
 * State links (src/dev/state-link/open-state-link.ts): `?state=<machine>.<state path>` opens
 * the whole shop (real routes, real machines, jsdom) in that state by playing the model's shortest
 * path; `&hold` keeps the machines' clock there; an unknown state lists the valid ones. The browsers
 * open the links on the dev server in tests/engines/state-links.node-test.ts.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { openStateLink, type OpenedStateLink } from '@/dev/state-link/open-state-link';
import { STATE_LINK_MESSAGE_ID } from '@/dev/state-link/state-link-message';
import { STATE_LINKS } from '@/dev/state-link/state-links.generated';
import { attachDevTool } from '@/lib/dev-actor-options';
import { onlyStartedActors } from '@/lib/inspector';
import en from '@/locales/en';
import { mountAndPlay } from '@support/play-dev-link';

const detaches: Array<() => void> = [];
afterEach(() => {
  for (const detach of detaches.splice(0).reverse()) detach();
  window.history.replaceState(null, '', '/');
  document.getElementById(STATE_LINK_MESSAGE_ID)?.remove();
  vi.restoreAllMocks();
});

/** The root actors the app starts, by machine id, as a test sees them (its own observer). */
function watchActors(): Map<string, AnyActorRef> {
  const actors = new Map<string, AnyActorRef>();
  const observer = onlyStartedActors({
    next: (event: InspectionEvent) => {
      const actor = event.actorRef as AnyActorRef;
      if (event.type !== '@xstate.actor' || event.rootId !== actor.sessionId) return;
      const machine = (actor.getSnapshot() as Partial<AnyMachineSnapshot>).machine?.id;
      if (machine) actors.set(machine, actor);
    },
  });
  detaches.push(attachDevTool({ observer }));
  return actors;
}

/**
 * Opens `search` as the page's URL (a reload stubbed: the shop's own reloads are counted), mounts the
 * app where the link put the page, and plays the link.
 */
async function openAndPlay(search: string) {
  const reload = vi.fn();
  window.history.replaceState(null, '', `/${search}`);
  const real = window.location;
  // jsdom's own Location, with `reload` a spy: jsdom cannot navigate.
  const location = { reload } as unknown as Location;
  for (const key of ['href', 'origin', 'pathname', 'search', 'hash'] as const)
    Object.defineProperty(location, key, { get: () => real[key] });
  vi.spyOn(window, 'location', 'get').mockReturnValue(location);
  const actors = watchActors();
  const link = openStateLink();
  if (link) detaches.push(link.detach);
  const router = await mountAndPlay(link);
  return { link: link as OpenedStateLink, actors, router, reload };
}

/** The state value `matches` takes for a path, built here as the test's own reading of a path. */
const valueOf = (path: readonly string[]): unknown =>
  path.length === 1 ? path[0] : { [path[0]!]: valueOf(path.slice(1)) };

describe('a state link', () => {
  it.each(Object.keys(STATE_LINKS))('%s reaches its state through the real machines', async (name) => {
    const { link, actors } = await openAndPlay(`?state=${name}&hold`);
    const { machine, path } = STATE_LINKS[name]!;
    expect(link.name).toBe(name);
    expect(document.getElementById(STATE_LINK_MESSAGE_ID)).toBeNull();
    const snapshot = actors.get(machine)!.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.matches(valueOf(path) as never), JSON.stringify(snapshot.value)).toBe(true);
  });

  it('shows what the state shows: the open cart, the toast, the failed checkout, the order', async () => {
    await openAndPlay('?state=storefront.cart.open.browsing&hold');
    expect(screen.getByRole('dialog', { name: en.cart.title })).toBeVisible();
    detaches
      .splice(0)
      .reverse()
      .forEach((detach) => detach());

    document.body.innerHTML = '';
    await openAndPlay('?state=storefront.cart.open.checkoutUnavailable&hold');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: en.cart.tryAgain })).toBeVisible();
  });

  it('storefront.order.underway submits the order at /checkout: Processing...', async () => {
    const { router } = await openAndPlay('?state=storefront.order.underway&hold');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(await screen.findByRole('button', { name: en.checkout.processing })).toBeInTheDocument();
  });

  it('takes its parameters out of the address bar, keeping the others', async () => {
    await openAndPlay('?lng=en&state=checkout.processing&hold');
    expect(window.location.pathname).toBe('/checkout');
    expect(window.location.search).toBe('?lng=en');
  });

  it('with &hold keeps a 3 s state; without, the shop goes on in real time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await openAndPlay('?state=storefront.toast.visible&hold');
    vi.advanceTimersByTime(60_000);
    expect(screen.getByText(en.toast.added)).toBeInTheDocument();

    detaches
      .splice(0)
      .reverse()
      .forEach((detach) => detach());
    document.body.innerHTML = '';
    const { actors } = await openAndPlay('?state=checkout.confirmed');
    expect(screen.getByRole('heading', { name: en.checkout.confirmed.title })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(actors.get('checkout')!.getSnapshot().value).toBe('confirmed');
    act(() => vi.advanceTimersByTime(1));
    expect(actors.get('checkout')!.getSnapshot().value).toBe('redirect');
  });

  it('lets the shop reload as it does: into /checkout, into the new release', async () => {
    const intoCheckout = await openAndPlay('?state=storefront.cart.open.reloadingIntoCheckout&hold');
    expect(intoCheckout.reload).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/checkout');

    detaches
      .splice(0)
      .reverse()
      .forEach((detach) => detach());
    document.body.innerHTML = '';
    const intoRelease = await openAndPlay('?state=storefront.release.reloading&hold');
    await waitFor(() => expect(intoRelease.reload).toHaveBeenCalledTimes(1));
    // The link's parameters are gone, so the reloaded page opens the shop, not the link again.
    expect(window.location.search).toBe('');
  });

  it('names an unknown state and lists every valid one as a link, changing nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?state=storefront.cart.ajar');
    expect(openStateLink()).toBeNull();
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent("No state 'storefront.cart.ajar' to open");
    const links = within(message).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(Object.keys(STATE_LINKS));
    expect(links[0]).toHaveAttribute('href', '/?state=storefront.cart');
    expect(within(message).getByRole('link', { name: 'checkout.confirmed' })).toHaveAttribute(
      'href',
      '/checkout?state=checkout.confirmed',
    );
    expect(error).toHaveBeenCalledWith(expect.stringContaining('storefront.cart.ajar'));
    expect(window.location.search).toBe('?state=storefront.cart.ajar');
  });

  it('is not opened without the parameter', () => {
    window.history.replaceState(null, '', '/?hold');
    expect(openStateLink()).toBeNull();
    expect(document.getElementById(STATE_LINK_MESSAGE_ID)).toBeNull();
  });
});
