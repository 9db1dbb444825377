/**
 * Lighthouse CI configuration for `npm run bench` (scripts/bench.mjs starts the server and runs
 * `lhci collect`, `lhci assert` and `lhci upload` once per form factor). The targets:
 * - mobile (Lighthouse's default: Moto G Power emulation, simulated slow 4G, 4× CPU): performance 100
 *   on the median run, TBT ≤ 50 ms, LCP ≤ 1200 ms, CLS ≤ 0.01 on `/`, `/checkout` and the not-found
 *   page (the bench also prints how many runs reached 100; the target is 4 of 5);
 * - desktop (`preset: 'desktop'`): performance 100;
 * - both: accessibility 100 everywhere, SEO 100 on the indexable pages (404.html is `noindex` by design).
 * Env: LHCI_FORM_FACTOR (`mobile` default | `desktop`), BENCH_ORIGIN (default http://127.0.0.1:4192),
 * LHCI_RUNS (default 5), CHROME_PATH (the system Chromium; LHCI never downloads one).
 */
const formFactor = process.env.LHCI_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:4192';
const median = { aggregationMethod: 'median-run' };

const performanceTargets =
  formFactor === 'mobile'
    ? {
        'categories:performance': ['error', { minScore: 1, ...median }],
        'total-blocking-time': ['error', { maxNumericValue: 50, ...median }],
        'largest-contentful-paint': ['error', { maxNumericValue: 1200, ...median }],
        'cumulative-layout-shift': ['error', { maxNumericValue: 0.01, ...median }],
      }
    : { 'categories:performance': ['error', { minScore: 1, ...median }] };

module.exports = {
  ci: {
    collect: {
      // Lighthouse refuses a document answered with 404, so the not-found page is measured as the
      // file itself (200): the client renders the same not-found route for /404.html.
      url: [`${origin}/`, `${origin}/checkout`, `${origin}/404.html`],
      numberOfRuns: Number(process.env.LHCI_RUNS ?? 5),
      chromePath: process.env.CHROME_PATH,
      settings: {
        ...(formFactor === 'desktop' ? { preset: 'desktop' } : {}),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        chromeFlags: '--no-sandbox --disable-gpu',
      },
    },
    assert: {
      assertMatrix: [
        {
          matchingUrlPattern: '.*',
          assertions: {
            ...performanceTargets,
            'categories:accessibility': ['error', { minScore: 1, ...median }],
          },
        },
        {
          matchingUrlPattern: '^[^?#]*/(checkout)?$',
          assertions: { 'categories:seo': ['error', { minScore: 1, ...median }] },
        },
      ],
    },
    upload: {
      target: 'filesystem',
      outputDir: `bench/lhci/${formFactor}`,
      reportFilenamePattern: '%%PATHNAME%%-%%DATETIME%%.report.%%EXTENSION%%',
    },
  },
};
