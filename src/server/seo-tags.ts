/**
 * The `<head>` tags of a prerendered route that the app itself never renders: its `<title>` (the page
 * sets the same text in an effect, which never runs on the server), the canonical link, Open Graph tags
 * and the product's JSON-LD. Used by ./entry-server.tsx at build time.
 */
import type { TFunction } from 'i18next';
import {
  COLOURS,
  DEFAULT_COLOUR_ID,
  PRODUCT_ID,
  PRODUCT_NAME,
  UNIT_PRICE_CENTS,
  productImageUrl,
} from '@machines/catalog';

/** Site-wide values the SEO tags need. */
export interface SiteOptions {
  /** Absolute origin the shop is served from, without a trailing slash, e.g. `https://shop.example`. */
  siteUrl: string;
  /** The page's meta description (from index.html), reused for Open Graph. */
  description: string;
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
    image: COLOURS.map((colour) => siteUrl + productImageUrl(colour.id, 960)),
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
export function titleTag(routePath: string, t: TFunction): string {
  const key =
    routePath === '/'
      ? 'meta.title'
      : routePath === '/checkout'
        ? 'meta.checkoutTitle'
        : 'meta.notFoundTitle';
  return `<title>${escapeText(t(key))}</title>`;
}

/** Canonical link, Open Graph tags and structured data of a route (the not-found page is `noindex`). */
export function seoTags(routePath: string, { siteUrl, description }: SiteOptions, t: TFunction): string {
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
    meta('og:image', siteUrl + productImageUrl(hero.id, 960)),
    meta('og:image:alt', t('hero.imageAlt', { colour: t(`colour.${hero.id}`) })),
    meta('product:price:amount', (UNIT_PRICE_CENTS / 100).toFixed(2)),
    meta('product:price:currency', 'USD'),
    productJsonLd(siteUrl, t),
  ].join('');
}
