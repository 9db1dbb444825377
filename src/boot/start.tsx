import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { App } from '@/app/app';
import { restoredStorefrontSnapshot } from '@/effects/cart-handoff';
import { announceAppListening } from '@/early/app-ready';
import { createI18n } from '@/i18n/i18n';
import { nextTask } from '@/lib/after-next-paint';
import { PRERENDERED_ROUTE_ATTRIBUTE } from '@/lib/shared-names';
import { resolveLazyRoutes, routePathFor, routes } from '@/app/router';

/**
 * Reads one key of a Web Storage area, so that its first access, which loads the whole area from the
 * browser process in one synchronous call (7–20 ms at 1× CPU here), runs in a task of its own instead
 * of inside the router's creation (React Router reads sessionStorage) or i18n's language detection
 * (localStorage, then sessionStorage). Storage that throws (blocked cookies, sandboxed frames) is left
 * to those readers, which handle it.
 */
function touchStorage(area: 'localStorage' | 'sessionStorage'): void {
  try {
    window[area].getItem('i18nextLng');
  } catch {
    // Denied: nothing to warm.
  }
}

/**
 * On the dev server, a state link (`?state=<machine>.<state path>`) or a failure's replay (`?replay=`)
 * is opened before the app mounts, so the actors get its clock (src/dev/state-link/); its module is
 * downloaded only then. A production build has neither: `import.meta.env.DEV` is `false` there, so
 * the parameters are ignored.
 */
async function openDevLink() {
  if (!import.meta.env.DEV) return null;
  const params = new URLSearchParams(window.location.search);
  if (params.has('state')) return (await import('@/dev/state-link/open-state-link')).openStateLink();
  if (params.has('replay')) return (await import('@/dev/state-link/open-replay')).openReplay();
  return null;
}

/**
 * Mounts the shop on `root`. The build prerenders each route without navigation state
 * (build/prerender.ts) and stamps `#root` with the route it rendered: that markup is hydrated, in a
 * transition so React yields to the browser every few ms instead of blocking the main thread. Anything
 * else is rendered on the client, replacing the static markup: a page opened with navigation state
 * (reloading /checkout after 'Proceed to Checkout' keeps the cart in history.state) or with a kept
 * cart (a reload into a new release: the prerender shows an empty one), an HTML file served
 * for another route (a host's SPA fallback), or the dev server's empty `#root`.
 * The router and the i18n instance are each made in a task of their own before.
 */
async function mount(root: HTMLElement, { checkoutUnavailable = false } = {}): Promise<void> {
  const devLink = await openDevLink();
  touchStorage('sessionStorage');
  await nextTask();
  touchStorage('localStorage');
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  const i18n: I18n = createI18n();
  await nextTask();
  const storefrontSnapshot = restoredStorefrontSnapshot(window.history.state, { checkoutUnavailable });
  const app = (
    <StrictMode>
      <App router={router} i18n={i18n} storefrontSnapshot={storefrontSnapshot} />
    </StrictMode>
  );
  const { location } = router.state;
  const prerenderedRoute = root.getAttribute(PRERENDERED_ROUTE_ATTRIBUTE);
  if (
    prerenderedRoute !== null &&
    prerenderedRoute === routePathFor(location.pathname) &&
    location.state == null &&
    storefrontSnapshot === undefined
  )
    startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  announceAppListening();
  void devLink?.play(router);
}

/**
 * The current route's code could not be loaded (/checkout right after a reload into a new release that
 * lacks it too, or a network that failed meanwhile). Rather than a dead page, the shop
 * opens at '/' (this history entry, without its navigation state) with the cart kept for the reload
 * open and saying the checkout is unavailable, with 'Try again'; without a kept cart, the shop opens
 * afresh. No reload: the loop guard of src/features/checkout-download/load-checkout.ts keeps
 * 'Try again' from reloading again.
 */
function mountWithoutCurrentRoute(root: HTMLElement): Promise<void> {
  const state: unknown = window.history.state;
  const withoutNavigationState =
    typeof state === 'object' && state !== null ? { ...state, usr: null } : state;
  window.history.replaceState(withoutNavigationState, '', '/');
  return mount(root, { checkoutUnavailable: true });
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
