import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { restoredStorefrontSnapshot } from '@/effects/cart-handoff';
import { resolveLazyRoutes, routePathFor, routes } from '@/app/router';

/**
 * Mounts the shop on `root`. The build prerenders each route without navigation state
 * (scripts/prerender.mjs) and stamps `#root` with the route it rendered: that markup is hydrated, in a
 * transition so React yields to the browser every few ms instead of blocking the main thread. Anything
 * else is rendered on the client, replacing the static markup: a page opened with navigation state
 * (reloading /checkout after 'Proceed to Checkout' keeps the cart in history.state) or with a kept
 * cart (a reload into a new release: the prerender shows an empty one), an HTML file served
 * for another route (a host's SPA fallback), or the dev server's empty `#root`.
 */
function mount(root: HTMLElement, { checkoutUnavailable = false } = {}) {
  const router = createBrowserRouter(routes);
  const storefrontSnapshot = restoredStorefrontSnapshot(window.history.state, { checkoutUnavailable });
  const app = (
    <StrictMode>
      <App router={router} storefrontSnapshot={storefrontSnapshot} />
    </StrictMode>
  );
  const { location } = router.state;
  const prerenderedRoute = root.dataset.prerenderedRoute;
  if (
    prerenderedRoute !== undefined &&
    prerenderedRoute === routePathFor(location.pathname) &&
    location.state == null &&
    storefrontSnapshot === undefined
  )
    startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

/**
 * The current route's code could not be loaded (/checkout right after a reload into a new release that
 * lacks it too, or a network that failed meanwhile). Rather than a dead page, the shop
 * opens at '/' (this history entry, without its navigation state) with the cart kept for the reload
 * open and saying the checkout is unavailable, with 'Try again'; without a kept cart, the shop opens
 * afresh. No reload: the loop guard of load-checkout-page.ts keeps 'Try again' from reloading again.
 */
function mountWithoutCurrentRoute(root: HTMLElement) {
  const state: unknown = window.history.state;
  const withoutNavigationState =
    typeof state === 'object' && state !== null ? { ...state, usr: null } : state;
  window.history.replaceState(withoutNavigationState, '', '/');
  mount(root, { checkoutUnavailable: true });
}

/**
 * Starts the shop in the page's `#root`: loads the current route's code (the one lazy route, /checkout,
 * must be there before the first render, so hydration needs no loading step), then mounts. Called
 * once by the entry, src/main.tsx, after the prerendered page has painted.
 * @throws when the page has no `#root` (a broken index.html).
 */
export function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  void resolveLazyRoutes(routes, window.location.pathname).then(
    () => mount(container),
    () => mountWithoutCurrentRoute(container),
  );
}
