import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { restoredStorefrontSnapshot } from '@/app/cart-handoff';
import { resolveLazyRoutes, routePathFor, routes } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Mounts the shop on `root`. The build prerenders each route without navigation state
 * (scripts/prerender.mjs) and stamps `#root` with the route it rendered: that markup is hydrated, in a
 * transition so React yields to the browser every few ms instead of blocking the main thread. Anything
 * else is rendered on the client, replacing the static markup: a page opened with navigation state
 * (reloading /checkout after 'Proceed to Checkout' keeps the cart in history.state), an HTML file served
 * for another route (a host's SPA fallback), or the dev server's empty `#root`.
 */
function mount(root: HTMLElement) {
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} storefrontSnapshot={restoredStorefrontSnapshot(window.history.state)} />
    </StrictMode>
  );
  const { location } = router.state;
  const prerenderedRoute = root.dataset.prerenderedRoute;
  if (
    prerenderedRoute !== undefined &&
    prerenderedRoute === routePathFor(location.pathname) &&
    location.state == null
  )
    startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// The current route's code must be loaded before the first render, so hydration needs no loading step.
// (A `.then`, not top-level await: with top-level await the bundler splits the shared code into more chunks.)
void resolveLazyRoutes(routes, window.location.pathname).then(() => mount(container));
