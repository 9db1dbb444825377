import { matchRoutes, type RouteObject } from 'react-router';
import { checkoutModuleLoader } from '@/features/checkout-download/checkout-module';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';

/**
 * Downloads and evaluates the code-split checkout page once, shared by the route, the storefront's
 * prefetch as the cart opens and its `loadCheckout` (src/features/checkout-download/). Rejects as
 * `import()` does, or when the module lacks its page (a download broken off where it still parsed).
 */
export const importCheckoutPage = checkoutModuleLoader(
  () => import('@/pages/checkout-page'),
  (page) => typeof page.CheckoutPage === 'function',
);

/**
 * The routes of spec §2: `/` landing, `/checkout` checkout, anything else not-found. No route has an
 * `errorElement`, so a route that throws shows React Router's default 'Unexpected Application Error!'
 * screen (spec §8). The checkout route is code-split (`lazy`): the landing page never loads its code;
 * the storefront machine prefetches it when the cart opens (`prefetchCheckout`). Used with
 * `createBrowserRouter` in the app and `createMemoryRouter` on the server (prerender) and in tests;
 * call {@link resolveLazyRoutes} first wherever the first render must be synchronous (hydration,
 * server rendering, jsdom tests).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <LandingPage />,
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
