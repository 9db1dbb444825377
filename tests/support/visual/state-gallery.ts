/**
 * The state gallery's plan: for each state node of both machines, the model's shortest path to it and
 * the picture that shows it. Pure (no browser): the gallery's generator (scripts/docs/generate-state-gallery.ts),
 * the visual baselines (tests/visual/states.spec.ts) and the other engines' pictures
 * (scripts/docs/capture-states.ts) all read it, so the pictures, their names and docs/states.md agree.
 *
 * A picture is what the shopper sees at the end of a path: two states whose shortest paths end on the
 * same screen (by the model's own view of a snapshot, `storefrontView` and `checkoutView`) share one,
 * taken after the shortest of those paths and named after the leaf state it leads to (`cart.closed`
 * for the landing page as it opens, which `order.none` and `toast.hidden` show too; `order.underway`
 * for 'Processing...', which `release.waiting.held` shows, as it holds its prompt back).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { checkout, checkoutView } from '@support/model/checkout-model';
import { pathEvents, pathName } from '@support/model/derive-test-model';
import type { ModelSuite } from '@support/model/model-suite';
import {
  checkoutLoadFailureIn,
  storefront,
  storefrontView,
  type StorefrontModelEvent,
} from '@support/model/storefront-model';
import type { StorefrontSnapshot } from '@machines/storefront-machine';
import type { CheckoutSnapshot } from '@machines/checkout-machine';

type Path = StatePath<AnyMachineSnapshot, EventObject>;

/** One picture of the gallery: a machine's screen at the end of `path`, in each viewport. */
export interface GalleryPicture {
  /** `storefront` or `checkout`. */
  machine: string;
  /** The state it is named after (a leaf whose shortest path ends on this screen). */
  owner: string;
  /** The path the browser runs to reach the screen. */
  path: Path;
  /** The events of `path` as `npm run test:model:list` writes them, or '(initial state)'. */
  pathName: string;
  /** True when a step of the path needs the shop's service worker (a new release): real time until it controls the page. */
  needsWorker: boolean;
  /** True when a step deploys a release: the local build's copy, or the one the fault layer presents (BASE_URL). */
  deploys: boolean;
}

/** One state of a machine as the gallery lists it. */
export interface GalleryState {
  machine: string;
  /** The state node's id within its machine, e.g. `cart.open.openingCheckout`. */
  id: string;
  type: string;
  description: string | null;
  /** The model's shortest path to it. */
  path: Path;
  pathName: string;
  /** The picture that shows it. */
  picture: GalleryPicture;
}

/** The screen a storefront snapshot shows: the landing page as its view reads, or /checkout. */
function storefrontScreen(snapshot: StorefrontSnapshot): unknown {
  const { order, release, cart, ...landing } = storefrontView(snapshot);
  if (order !== 'none') return { page: '/checkout', order };
  if (cart?.kind === 'line' && (cart.proceed === 'leaving' || cart.proceed === 'reloading'))
    return { page: '/checkout', colour: cart.colour, quantity: cart.quantity };
  // A page reloaded into the new release looks as the old one did.
  return { page: '/', ...landing, cart, release: release === 'waiting' ? 'waiting' : 'none' };
}

const SUITES: ReadonlyArray<{ suite: ModelSuite; screen: (snapshot: AnyMachineSnapshot) => unknown }> = [
  { suite: storefront, screen: (snapshot) => storefrontScreen(snapshot as StorefrontSnapshot) },
  { suite: checkout, screen: (snapshot) => checkoutView(snapshot as CheckoutSnapshot) },
];

/** The state ids a snapshot is in (its active state nodes below the root). */
function activeStates(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.filter((node) => node.parent).map((node) => node.id));
}

/** The first `index` events of `path`: the path to the snapshot of its step `index`. */
const prefix = (path: Path, index: number): Path => ({
  state: path.steps[index]!.state,
  steps: path.steps.slice(0, index + 1),
  weight: index,
});

/**
 * Every state of both machines with its shortest path (fewest steps; the first xstate/graph gives on a
 * tie) and its picture; the pictures in the order their first state comes.
 * @throws when the model reaches no snapshot in some state: the gallery would have a hole.
 */
function planGallery(): { states: GalleryState[]; pictures: GalleryPicture[] } {
  const states: GalleryState[] = [];
  const pictures: GalleryPicture[] = [];
  for (const { suite, screen } of SUITES) {
    const root = suite.anatomy.machineId;
    // xstate/graph keeps only the shortest paths no other extends: their prefixes reach the rest.
    const shortest = (suite.testModel.getShortestPaths(suite.traversal('snapshot')) as Path[])
      .flatMap((path) => path.steps.map((_, index) => prefix(path, index)))
      .toSorted((a, b) => a.steps.length - b.steps.length);
    const nodes = suite.anatomy.states.filter((state) => state.parentId !== null);
    const pathTo = new Map(
      nodes.map(({ id }) => {
        const path = shortest.find((candidate) => activeStates(candidate.state).has(id));
        if (!path) throw new Error(`No path of the ${root} model reaches state ${id}.`);
        return [id, path];
      }),
    );
    // One picture per screen, named after the leaf state whose own path to it is the shortest (the
    // first in the machine's order on a tie).
    const byScreen = new Map<string, GalleryPicture>();
    const screenOf = (path: Path) => JSON.stringify(screen(path.state));
    for (const { id } of nodes.filter((state) => state.type === 'atomic' || state.type === 'final')) {
      const path = pathTo.get(id)!;
      const key = screenOf(path);
      const known = byScreen.get(key);
      if (known && known.path.steps.length <= path.steps.length) continue;
      const events = pathEvents(path);
      const picture: GalleryPicture = {
        machine: root,
        owner: id,
        path,
        pathName: pathName(path),
        needsWorker: events.some((event) => event.type === 'release.waiting'),
        deploys: events.some(
          (event) =>
            event.type === 'release.waiting' ||
            checkoutLoadFailureIn(event as StorefrontModelEvent) === 'outdated',
        ),
      };
      if (known) pictures.splice(pictures.indexOf(known), 1, picture);
      else pictures.push(picture);
      byScreen.set(key, picture);
    }
    for (const { id, type, description } of nodes) {
      const path = pathTo.get(id)!;
      const picture = byScreen.get(screenOf(path));
      if (!picture) throw new Error(`State ${root}.${id} ends on a screen no leaf state shows.`);
      states.push({
        machine: root,
        id,
        type,
        description,
        path,
        pathName: pathName(path),
        picture,
      });
    }
  }
  return { states, pictures };
}

let plan: ReturnType<typeof planGallery> | undefined;
/**
 * The gallery: every state of both machines ({@link GalleryState}) and the pictures that show them,
 * planned on first use (the traversal takes about a second).
 */
export const galleryPlan = () => (plan ??= planGallery());
