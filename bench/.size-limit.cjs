/**
 * size-limit budgets (`npm run size`, and the sizes section of `npm run bench`; size-limit is bench/'s
 * own dependency and finds this file from bench/): the JavaScript each
 * prerendered page loads before any interaction, in the bytes a shopper receives, in KiB (1024 bytes).
 * The build writes a brotli and a gzip copy of every script (build/precompress.ts) and nginx sends
 * exactly those files (deploy/nginx.conf; tests/hosting/nginx/csp-headers.spec.ts checks that each
 * decodes to the script), so the budgets measure the copies as they are (no compression of
 * size-limit's own): `.br` for a browser that accepts brotli, `.gz` for one that accepts only gzip.
 * Every page loads the entry (`index-*.js`; the early-tap script is inline in the HTML) and the app it
 * imports after the first paint (one chunk per library and `start-*.js`), i.e. every script but the
 * checkout route's chunk, which `/checkout` loads too. Not the service worker's registration
 * (src/features/releases/workbox-registration.ts with workbox-window), which loads once the app is interactive
 * (src/features/releases/watch-releases.ts): a budget of its own. Fails when
 * a page grows past its limit: lower the limit with the figure when a change makes the page lighter,
 * so growth cannot slip in.
 * Env: DIST_DIR (the build to measure, default the project's `dist`, as in vite.config.ts).
 */
const dist = process.env.DIST_DIR ?? '../dist';

/** The copies (`.br` or `.gz`) of the scripts a page loads; `checkout` adds the checkout chunk. */
const scripts = (copy, checkout) => [
  `${dist}/assets/*.js${copy}`,
  `!${dist}/assets/workbox-registration-*.js${copy}`,
  ...(checkout ? [] : [`!${dist}/assets/checkout-page-*.js${copy}`]),
];
const asSent = { brotli: false, gzip: false };

module.exports = [
  {
    name: 'landing / and not-found, sent brotli (.br)',
    path: scripts('.br', false),
    ...asSent,
    limit: '142 KiB',
  },
  {
    name: 'landing / and not-found, sent gzip (.gz)',
    path: scripts('.gz', false),
    ...asSent,
    limit: '161 KiB',
  },
  {
    name: '/checkout (all scripts), sent brotli (.br)',
    path: scripts('.br', true),
    ...asSent,
    limit: '148 KiB',
  },
  {
    name: '/checkout (all scripts), sent gzip (.gz)',
    path: scripts('.gz', true),
    ...asSent,
    limit: '168 KiB',
  },
  {
    name: 'every page once interactive: the service worker registration with workbox-window, brotli (.br)',
    path: [`${dist}/assets/workbox-registration-*.js.br`],
    ...asSent,
    limit: '3 KiB',
  },
];
