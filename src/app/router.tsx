import { useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { selectIsCartOpen } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { importCheckoutPage } from './import-checkout-page';

/**
 * Starts downloading the checkout chunk as soon as the shopper opens the cart, the one way to
 * 'Proceed to Checkout', so the click rarely waits for the network. Renders nothing.
 */
function PreloadCheckoutOnCartOpen() {
  const isCartOpen = StorefrontActorContext.useSelector(selectIsCartOpen);
  useEffect(() => {
    // A failed preload is not an error yet: 'Proceed to Checkout' loads it again (the machine's
    // `loadCheckout`) and tells the shopper if it still fails.
    if (isCartOpen) importCheckoutPage().catch(() => {});
  }, [isCartOpen]);
  return null;
}

/**
 * The routes of spec §2: `/` landing, `/checkout` checkout, anything else not-found. No route has an
 * `errorElement`, so a route that throws shows React Router's default 'Unexpected Application Error!'
 * screen (spec §8). The checkout route is code-split (`lazy`): the landing page never loads its code
 * and preloads it when the cart opens. Used with `createBrowserRouter` in the app and
 * `createMemoryRouter` on the server (prerender) and in tests; call {@link resolveLazyRoutes} first
 * wherever the first render must be synchronous (hydration, server rendering, jsdom tests).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <LandingPage />
        <PreloadCheckoutOnCartOpen />
      </>
    ),
  },
  {
    path: '/checkout',
    lazy: async () => ({ Component: (await importCheckoutPage()).CheckoutPage }),
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Loads the `lazy` routes among `routeObjects` that match `pathname` (every lazy route when
 * `pathname` is omitted) and merges what they load into the route objects in place, so a router
 * created afterwards renders them synchronously: hydration must render exactly what the server
 * rendered, without a loading step (React Router's documented pattern for lazy routes and SSR).
 * Only top-level routes are considered (the table has no children).
 * @throws when a route module fails to load (e.g. a network error on the client).
 */
export async function resolveLazyRoutes(routeObjects: RouteObject[], pathname?: string): Promise<void> {
  const candidates =
    pathname === undefined
      ? routeObjects
      : (matchRoutes(routeObjects, pathname) ?? []).map((match) => match.route);
  await Promise.all(
    candidates.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * The `path` of the route table entry that renders `pathname` ('/', '/checkout' or '*'): the key the
 * prerender stamps on `#root` (`data-prerendered-route`) and the client compares before hydrating.
 */
export function routePathFor(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}
