/**
 * size-limit budgets (`npm run size`, and the sizes section of `npm run bench`): the JavaScript each
 * prerendered page loads before any interaction, gzip, in KiB (1024 bytes). Every page loads the
 * entry (`index-*.js`; the early-tap script is inline in the HTML) and the app it imports after
 * the first paint (one chunk per library and `start-*.js`), i.e. every script but the
 * checkout route's chunk, which `/checkout` loads too. Not workbox-window, which registers the service
 * worker once the app is interactive (src/effects/service-worker.ts): its own budget. Fails when a
 * page grows past its limit: lower the limit with the figure when a change makes the page lighter, so
 * growth cannot slip in.
 * Env: DIST_DIR (the build to measure, default `dist`, as in vite.config.ts).
 */
const dist = process.env.DIST_DIR ?? 'dist';

module.exports = [
  {
    name: 'landing / and not-found (all but checkout-page)',
    path: [`${dist}/assets/*.js`, `!${dist}/assets/checkout-page-*.js`, `!${dist}/assets/workbox-window*.js`],
    gzip: true,
    limit: '162 KiB',
  },
  {
    name: '/checkout (all scripts)',
    path: [`${dist}/assets/*.js`, `!${dist}/assets/workbox-window*.js`],
    gzip: true,
    limit: '169 KiB',
  },
  {
    name: 'every page, once interactive: the service worker registration (workbox-window)',
    path: [`${dist}/assets/workbox-window*.js`],
    gzip: true,
    limit: '3 KiB',
  },
];
