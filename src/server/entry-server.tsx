/**
 * Server entry used only at build time (build/prerender.ts): renders a route of the shop to static
 * HTML with React's server renderer and collects the styled-components CSS it used (critical CSS, inlined
 * in `<head>`), next to the route's title and SEO tags (./seo-tags.ts). The client hydrates this markup (src/boot/start.tsx), so it
 * renders the very same tree: `App` with a data router over the same route table, in StrictMode.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { createActor } from 'xstate';
import { App } from '@/app/app';
import { createI18n } from '@/i18n/i18n';
import { resolveLazyRoutes, routePathFor, routes } from '@/app/router';
import { storefrontMachine, type StorefrontSnapshot } from '@machines/storefront-machine';
import { seoTags, titleTag, type SiteOptions } from './seo-tags';

/** A route rendered to HTML. */
export interface RenderedPage {
  /** Tags for `<head>`: the title, React's hoisted elements (image preloads), SEO tags, critical CSS. */
  head: string;
  /** The app's markup: the content of `#root`. */
  html: string;
  /** Path of the route-table entry that rendered (`/`, `/checkout` or `*`), stamped on `#root`. */
  routePath: string;
}

/**
 * React emits hoistable elements before the content of a partial tree: here the `<link rel="preload">`
 * it derives from the hero's `<img fetchPriority="high">`. They belong in `<head>`, not in `#root`.
 */
const LEADING_HOISTABLE = /^(?:<link\b[^>]*>|<meta\b[^>]*>)/;

function splitHoistables(markup: string): { hoisted: string; content: string } {
  let hoisted = '';
  let content = markup;
  for (let match = LEADING_HOISTABLE.exec(content); match; match = LEADING_HOISTABLE.exec(content)) {
    hoisted += match[0];
    content = content.slice(match[0].length);
  }
  return { hoisted, content };
}

/**
 * The landing page's storefront with one ball in the cart and 'Proceed to Checkout' tapped (the cart
 * open, waiting for the checkout to show): the states the first 'Add to Cart' and the first 'Proceed to
 * Checkout' reach. Rendered only for its styles, see {@link collectReachableStyles}.
 */
function storefrontLeavingForCheckout(): StorefrontSnapshot {
  const { context } = createActor(storefrontMachine).getSnapshot();
  return storefrontMachine.resolveState({
    value: { cart: { open: 'leavingForCheckout' }, toast: 'hidden' },
    context: { ...context, cartCount: 1 },
  });
}

/**
 * Adds to `sheet` the styles of what a tap on `routePath` renders for the first time, discarding the
 * markup: on `/`, the cart's line, total and actions, which the first 'Add to Cart' mounts (the page is
 * prerendered with an empty cart), and the busy 'Opening checkout...' button with its spinner, which
 * 'Proceed to Checkout' shows. With their rules in the critical CSS, styled-components finds them
 * already present when hydrated and inserts none during those taps (inserting rules rebuilds the style
 * sheet and restyles the whole page inside the tap's frame).
 * This render mounts the global styles a second time: their instance count starts again, so
 * styled-components finds them in the sheet instead of writing them out twice.
 */
function collectReachableStyles(sheet: ServerStyleSheet, routePath: string): void {
  if (routePath !== '/') return;
  sheet.instance.gs = {};
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  try {
    renderToString(
      sheet.collectStyles(
        <StrictMode>
          <App router={router} storefrontSnapshot={storefrontLeavingForCheckout()} />
        </StrictMode>,
      ),
    );
  } finally {
    router.dispose();
  }
}

/**
 * Renders `pathname` (no navigation state: the checkout shows its default, one Hot Pink ball) to HTML.
 * Loads every lazy route first, so the output contains no loading state.
 * @throws when rendering throws (a broken page fails the build rather than shipping an error screen).
 */
export async function renderPage(pathname: string, site: SiteOptions): Promise<RenderedPage> {
  await resolveLazyRoutes(routes);
  const routePath = routePathFor(pathname);
  if (routePath === undefined) throw new Error(`No route renders ${pathname}`);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
    const { hoisted, content } = splitHoistables(markup);
    collectReachableStyles(sheet, routePath);
    const { t } = createI18n();
    return {
      head: titleTag(routePath, t) + hoisted + seoTags(routePath, site, t) + sheet.getStyleTags(),
      html: content,
      routePath,
    };
  } finally {
    sheet.seal();
    router.dispose();
  }
}
