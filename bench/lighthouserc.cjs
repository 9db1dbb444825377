/**
 * Lighthouse CI configuration for `npm run bench` (bench/bench.ts starts the server and runs
 * `lhci collect`, `lhci assert` and `lhci upload` once per run below). The runs and their targets:
 * - mobile (Lighthouse's default: Moto G Power emulation, simulated slow 4G, 4× CPU): performance 100
 *   and LCP ≤ 1200 ms on every run (`pessimistic`: the worst run), and on the median run TBT ≤ 50 ms
 *   and CLS ≤ 0.01, on `/`, `/checkout` and the not-found page;
 * - mobile at the low-tier rate (LHCI_CPU_SLOWDOWN set: `throttling.cpuSlowdownMultiplier` is the
 *   rate at which this machine scores the low-tier phone's BenchmarkIndex, 264, from the bench's
 *   calibration, bench/lib/cpu-calibration.ts; the rest as standard mobile): on `/`, performance
 *   ≥ 90 on every run and median TBT ≤ 200 ms; reports in bench/lhci/mobile-low-tier/;
 * - desktop (`preset: 'desktop'`): performance 100 on the median run;
 * - standard mobile and desktop: accessibility 100 everywhere, SEO 100 on the indexable pages (404.html
 *   is `noindex` by design).
 * Env: LHCI_FORM_FACTOR (`mobile` default | `desktop`), LHCI_CPU_SLOWDOWN (a multiplier, mobile only),
 * BENCH_ORIGIN (default http://127.0.0.1:4192), LHCI_RUNS (default 5), CHROME_PATH (the system
 * Chromium; LHCI never downloads one).
 */
const formFactor = process.env.LHCI_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const cpuSlowdown =
  formFactor === 'mobile' && process.env.LHCI_CPU_SLOWDOWN
    ? Number(process.env.LHCI_CPU_SLOWDOWN)
    : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1))
  throw new Error(`LHCI_CPU_SLOWDOWN must be a multiplier ≥ 1, not ${process.env.LHCI_CPU_SLOWDOWN}`);
const run = cpuSlowdown === undefined ? formFactor : 'mobile-low-tier';
const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:4192';
const medianRun = { aggregationMethod: 'median-run' };
const everyRun = { aggregationMethod: 'pessimistic' };

/** Every page but the not-found one: `/` and `/checkout`. */
const INDEXABLE = '^[^?#]*/(checkout)?$';
/** `/` only. */
const LANDING = '^[^?#]*/$';

const assertMatrix = {
  mobile: [
    {
      matchingUrlPattern: '.*',
      assertions: {
        'categories:performance': ['error', { minScore: 1, ...everyRun }],
        'total-blocking-time': ['error', { maxNumericValue: 50, ...medianRun }],
        'largest-contentful-paint': ['error', { maxNumericValue: 1200, ...everyRun }],
        'cumulative-layout-shift': ['error', { maxNumericValue: 0.01, ...medianRun }],
        'categories:accessibility': ['error', { minScore: 1, ...medianRun }],
      },
    },
    {
      matchingUrlPattern: INDEXABLE,
      assertions: { 'categories:seo': ['error', { minScore: 1, ...medianRun }] },
    },
  ],
  'mobile-low-tier': [
    {
      matchingUrlPattern: LANDING,
      assertions: {
        'categories:performance': ['error', { minScore: 0.9, ...everyRun }],
        'total-blocking-time': ['error', { maxNumericValue: 200, aggregationMethod: 'median' }],
      },
    },
  ],
  desktop: [
    {
      matchingUrlPattern: '.*',
      assertions: {
        'categories:performance': ['error', { minScore: 1, ...medianRun }],
        'categories:accessibility': ['error', { minScore: 1, ...medianRun }],
      },
    },
    {
      matchingUrlPattern: INDEXABLE,
      assertions: { 'categories:seo': ['error', { minScore: 1, ...medianRun }] },
    },
  ],
}[run];

module.exports = {
  ci: {
    collect: {
      // The not-found page as production sends it: an unknown path, status 404 (nginx serves 404.html
      // only that way), which Lighthouse measures once told the status is intended.
      url: [`${origin}/`, `${origin}/checkout`, `${origin}/no-such-page`],
      numberOfRuns: Number(process.env.LHCI_RUNS ?? 5),
      chromePath: process.env.CHROME_PATH,
      settings: {
        ...(formFactor === 'desktop' ? { preset: 'desktop' } : {}),
        // Lighthouse merges this into its default mobile throttling (simulated; only the CPU changes).
        ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ignoreStatusCode: true,
        chromeFlags: '--no-sandbox --disable-gpu',
      },
    },
    assert: { assertMatrix },
    upload: {
      target: 'filesystem',
      outputDir: `bench/lhci/${run}`,
      reportFilenamePattern: '%%PATHNAME%%-%%DATETIME%%.report.%%EXTENSION%%',
    },
  },
};
