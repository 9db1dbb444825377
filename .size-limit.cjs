/**
 * size-limit budgets (`npm run size`, and the sizes section of `npm run bench`): the JavaScript each
 * prerendered page loads before any interaction, gzip, in KiB (1024 bytes). Every page loads the
 * entry (`index-*.js`; the early-tap script is inline in the HTML) and the app it imports after
 * the first paint (one chunk per library and `start-*.js`), i.e. every script but the
 * checkout route's chunk, which `/checkout` loads too. Fails when a page grows past its limit: lower
 * the limit with the figure when a change makes the page lighter, so growth cannot slip in.
 * Env: DIST_DIR (the build to measure, default `dist`, as in vite.config.ts).
 */
const dist = process.env.DIST_DIR ?? 'dist';

module.exports = [
  {
    name: 'landing / and not-found (all but checkout-page)',
    path: [`${dist}/assets/*.js`, `!${dist}/assets/checkout-page-*.js`],
    gzip: true,
    limit: '161 KiB',
  },
  {
    name: '/checkout (all scripts)',
    path: [`${dist}/assets/*.js`],
    gzip: true,
    limit: '167 KiB',
  },
];
