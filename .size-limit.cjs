/**
 * size-limit budgets (`npm run size`, and the sizes section of `npm run bench`): the JavaScript each
 * prerendered page loads before any interaction, gzip, in KiB (1024 bytes). Every page loads the
 * early-tap script (`early-taps-*.js`, issue 10) and the app (`index-*.js`); `/checkout` also loads
 * its route chunk. Fails when a page grows past its limit: lower the limit with the figure when a change
 * makes the page lighter, so growth cannot slip in.
 * Env: DIST_DIR (the build to measure, default `dist`, as in vite.config.ts).
 */
const dist = process.env.DIST_DIR ?? 'dist';

module.exports = [
  {
    name: 'landing / and not-found (index)',
    path: [`${dist}/assets/early-taps-*.js`, `${dist}/assets/index-*.js`],
    gzip: true,
    limit: '158 KiB',
  },
  {
    name: '/checkout (index + checkout-page)',
    path: [
      `${dist}/assets/early-taps-*.js`,
      `${dist}/assets/index-*.js`,
      `${dist}/assets/checkout-page-*.js`,
    ],
    gzip: true,
    limit: '164 KiB',
  },
];
