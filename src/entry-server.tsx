/**
 * Server entry used only at build time (scripts/prerender.mjs): renders a route of the shop to static
 * HTML with React's server renderer, collects the styled-components CSS it used (critical CSS, inlined
 * in `<head>`), and builds the route's SEO tags. The client hydrates this markup (src/boot/start.tsx), so it
 * renders the very same tree: `App` with a data router over the same route table, in StrictMode.
 */
import type { TFunction } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { createActor } from 'xstate';
import { App } from '@/app/app';
import { createI18n } from '@/i18n/i18n';
import { resolveLazyRoutes, routePathFor, routes } from '@/app/router';
import { COLOURS, DEFAULT_COLOUR_ID, PRODUCT_ID, PRODUCT_NAME, UNIT_PRICE_CENTS } from '@machines/catalog';
import { storefrontMachine, type StorefrontSnapshot } from '@machines/storefront-machine';

/** Site-wide values the SEO tags need. */
export interface SiteOptions {
  /** Absolute origin the shop is served from, without a trailing slash, e.g. `https://shop.example`. */
  siteUrl: string;
  /** The page's meta description (from index.html), reused for Open Graph. */
  description: string;
}

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

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

const meta = (property: string, content: string) =>
  `<meta property="${property}" content="${escapeAttribute(content)}"/>`;

/**
 * The JSON-LD `Product` of the landing page: catalog name, id, images and one `Offer` (price in
 * dollars from integer cents, USD, in stock). Deliberately no `aggregateRating` or `review`: the page's
 * '(2,847 reviews)' is static marketing text (spec §2), not ratings anyone can verify.
 */
function productJsonLd(siteUrl: string, t: TFunction): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: PRODUCT_NAME,
    sku: PRODUCT_ID,
    description: t('product.description'),
    image: COLOURS.map((colour) => siteUrl + colour.image),
    color: COLOURS.map((colour) => colour.name).join(', '),
    offers: {
      '@type': 'Offer',
      url: `${siteUrl}/`,
      price: (UNIT_PRICE_CENTS / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  // `<` escaped so no text can close the script element early.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The `<title>` of a route: the same `meta.*` text its page sets with `useDocumentTitle` in an effect,
 * which never runs on the server.
 */
function titleTag(routePath: string, t: TFunction): string {
  const key =
    routePath === '/'
      ? 'meta.title'
      : routePath === '/checkout'
        ? 'meta.checkoutTitle'
        : 'meta.notFoundTitle';
  return `<title>${escapeText(t(key))}</title>`;
}

/** Canonical link, Open Graph tags and structured data of a route (the not-found page is `noindex`). */
function seoTags(routePath: string, { siteUrl, description }: SiteOptions, t: TFunction): string {
  if (routePath === '*') return '<meta name="robots" content="noindex"/>';
  const url = siteUrl + routePath;
  const canonical = `<link rel="canonical" href="${escapeAttribute(url)}"/>`;
  if (routePath !== '/') return canonical;
  const hero = COLOURS.find((colour) => colour.id === DEFAULT_COLOUR_ID) ?? COLOURS[0]!;
  return [
    canonical,
    meta('og:type', 'product'),
    meta('og:site_name', t('brand.name')),
    meta('og:title', t('meta.title')),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', siteUrl + hero.image),
    meta('og:image:alt', t('hero.imageAlt', { colour: t(`colour.${hero.id}`) })),
    meta('product:price:amount', (UNIT_PRICE_CENTS / 100).toFixed(2)),
    meta('product:price:currency', 'USD'),
    productJsonLd(siteUrl, t),
  ].join('');
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
 * prerendered with an empty cart), and the busy 'Opening checkout…' button with its spinner, which
 * 'Proceed to Checkout' shows. With their rules in the critical CSS, styled-components finds them
 * already present when hydrated and inserts none during those taps (inserting rules rebuilds the style
 * sheet and restyles the whole page inside the tap's frame).
 */
function collectReachableStyles(sheet: ServerStyleSheet, routePath: string): void {
  if (routePath !== '/') return;
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
