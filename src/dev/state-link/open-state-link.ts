/**
 * Any state of the chart, live, from a URL: on the dev server, `/?state=<machine>.<state
 * path>` opens the shop in that state, e.g. `/?state=storefront.cart.open.browsing`,
 * `/checkout?state=checkout.confirmed`. The page plays the model's shortest path to the state
 * (./state-links.generated.ts) through the real machines: the events a shopper's controls send, the
 * checkout download's outcome as the machine's own done or error event, and each delay as the
 * machines' clock moving on (./page-clock.ts). So the page shows what the state gallery's picture of
 * that state shows (docs/states.md), and then goes on as the shop does, in real time; with `&hold`
 * the clock stays paused there, so a state that lasts 3 s stays. An unknown state, or a path that ends
 * elsewhere, gets a message listing the valid links (./state-link-message.ts).
 *
 * Dev server only: src/boot/start.tsx loads this module behind `import.meta.env.DEV`, so a production
 * build has none of it and ignores the parameter. The link's parameters leave the address bar once
 * read, so a reload (the shop's own, into a new release or the checkout) opens the shop as it is.
 * With `npm run dev:inspect` the events reach the Stately inspector as every other event does.
 */
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { PageClock } from './page-clock';
import { playSteps, startLinkSession, startedActor, type LinkRouter } from './link-session';
import { stateLinkName, type StateLink } from './state-link-plan';
import { STATE_LINKS } from './state-links.generated';
import { showStateLinkMessage } from './state-link-message';

/** The URL parameters: the state, and the one that keeps the clock paused there. */
export const STATE_PARAMETER = 'state';
export const HOLD_PARAMETER = 'hold';

export type { LinkRouter };

/** An opened link, ready once the app is mounted: {@link OpenedStateLink.play} plays its path. */
export interface OpenedStateLink {
  readonly name: string;
  readonly clock: PageClock;
  /** Takes the link's observer and clock off the actors created afterwards (tests; a page keeps them). */
  detach: () => void;
  /** Plays the path; resolves once the state is shown (or the message saying why not). Never rejects. */
  play: (router: LinkRouter) => Promise<void>;
}

/** A state path as the state value `snapshot.matches` takes: `['cart', 'open']` → `{ cart: 'open' }`. */
const stateValueOf = (path: readonly string[]): StateValue =>
  path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1)!);

/** Every link, as the message lists them. */
const validLinks = () =>
  Object.entries(STATE_LINKS).map(([name, link]) => ({
    name,
    href: `${link.route}?${STATE_PARAMETER}=${name}`,
  }));

/**
 * Reads the page's URL: with no `state` parameter, returns null and changes nothing. With an unknown
 * state, shows the message listing the valid ones and returns null. Otherwise readies the link before
 * the app mounts: the page starts afresh at the link's route (with its checkout cart as navigation
 * state), and the actors created from now on get the link's observer and its held clock.
 */
export function openStateLink(): OpenedStateLink | null {
  const params = new URLSearchParams(window.location.search);
  const name = params.get(STATE_PARAMETER);
  if (name === null) return null;
  const link: StateLink | undefined = Object.hasOwn(STATE_LINKS, name) ? STATE_LINKS[name] : undefined;
  if (!link) {
    showStateLinkMessage({
      title: `No state '${name}' to open`,
      detail: `A state link names a machine and a state path, e.g. ${STATE_PARAMETER}=storefront.cart.open.browsing. The states are:`,
      links: validLinks(),
    });
    return null;
  }
  const hold = params.has(HOLD_PARAMETER);
  const { actors, clock, detach } = startLinkSession({
    route: link.route,
    checkoutInput: link.checkoutInput,
    parameters: [STATE_PARAMETER, HOLD_PARAMETER],
    hold,
  });
  return {
    name: stateLinkName(link),
    clock,
    detach,
    play: async (router) => {
      try {
        await playSteps(link.machine, link.steps, { actors, clock, router });
        // At once: the shop goes on from here (a download ends, a page navigates) unless held.
        const snapshot = startedActor(actors, link.machine).getSnapshot() as AnyMachineSnapshot;
        if (!snapshot.matches(stateValueOf(link.path)))
          showStateLinkMessage({
            title: `The path to '${name}' ended elsewhere`,
            detail: `The ${link.machine} machine is in ${JSON.stringify(snapshot.value)}. Open a state:`,
            links: validLinks(),
          });
      } catch (error) {
        showStateLinkMessage({
          title: `The path to '${name}' failed`,
          detail: `${String(error)}. Open a state:`,
          links: validLinks(),
        });
      } finally {
        if (!hold) clock.release();
      }
    },
  };
}
