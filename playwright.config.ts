import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Chromium against the production build served by nginx with deploy/nginx.conf
 * (scripts/hosting/serve.ts), or against a deployment with `BASE_URL` (run them through
 * scripts/test/run-e2e.ts, which finds Debian's Chromium first). They run in Chromium's headless shell
 * (`CHROME_HEADLESS_SHELL_PATH`), as Playwright runs headless Chromium; what needs the browser's own
 * layer opens the browser (`CHROME_PATH`): docs/decisions/0016-chromium-headless-shell.md.
 * Three projects: the e2e suite (tests/playwright, tests/hosting) in two viewports, `mobile` 375×812 and `desktop` 1280×800
 * (`npm run test:e2e`), and `states`, the state gallery's visual baselines (tests/visual, `npm run
 * test:visual`). The generated model paths run in every engine through scripts/test/test-engines.ts
 * (`npm run test:model:browser`). The browser resolves no host but 127.0.0.1 (and BASE_URL's).
 */
const executablePath = process.env.CHROME_HEADLESS_SHELL_PATH;
if (!executablePath)
  throw new Error('CHROME_HEADLESS_SHELL_PATH is not set: run the browser tests through `npm run test:e2e`.');

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * A deployment to test instead of this checkout's build, e.g.
 * `BASE_URL=https://staging.example.com npm run test:model:browser`: no build, no local server, and
 * the browser may reach that host besides 127.0.0.1. Tests tagged {@link LOCAL_BUILD_TAG} are left out.
 * Why: docs/decisions/0008-tests-against-any-deployment.md.
 * @throws when BASE_URL is not an absolute http(s) URL.
 */
const deployedURL = process.env.BASE_URL ? new URL(process.env.BASE_URL) : undefined;
if (deployedURL && !/^https?:$/.test(deployedURL.protocol))
  throw new Error(`BASE_URL must be an http(s) URL, not ${process.env.BASE_URL}.`);

/**
 * Tag of the tests that need this checkout's own build (files of dist/, the build's tooling) rather
 * than a deployment: `test('…', { tag: LOCAL_BUILD_TAG }, …)`. Under BASE_URL they do not run.
 */
const LOCAL_BUILD_TAG = '@local-build';

/** The specs that also run at 1280×800: those whose outcome depends on the viewport. */
const DESKTOP_SPECS = [
  '**/tests/playwright/axe.spec.ts',
  '**/tests/playwright/keyboard.spec.ts',
  '**/tests/playwright/reduced-motion.spec.ts',
  '**/tests/playwright/touch-targets.spec.ts',
  '**/tests/playwright/purchase-journey.spec.ts',
];
/** The e2e suite: the shop's behaviour (tests/playwright/) and the build as served (tests/hosting/). */
const E2E_SPECS = ['**/tests/playwright/**/*.spec.ts', '**/tests/hosting/**/*.spec.ts'];
/**
 * Spec files that need this checkout's own build as files, so they cannot run against a deployment:
 * the deploy tests deploy it into local web roots.
 */
const LOCAL_BUILD_SPECS = ['**/tests/hosting/nginx/deploy.spec.ts', '**/tests/hosting/edge/deploy.spec.ts'];

/**
 * An already running server to test instead of scripts/hosting/serve.ts: the deployment of BASE_URL, or
 * E2E_BASE_URL (scripts/test/test-nginx.ts: nginx with deploy/nginx.conf).
 */
const serverURL = deployedURL?.origin ?? process.env.E2E_BASE_URL;
/** Hosts the browser may resolve: 127.0.0.1, and the deployment's host under BASE_URL. */
const reachableHosts = ['127.0.0.1', ...(deployedURL ? [deployedURL.hostname] : [])];

/** Chromium's headless shell, resolving only {@link reachableHosts}. */
const launchOptions = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    `--host-resolver-rules=MAP * ~NOTFOUND , ${reachableHosts.map((host) => `EXCLUDE ${host}`).join(' , ')}`,
  ],
};

/** The desktop viewport, of the e2e suite's `desktop` project and of the model paths. */
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testMatch: '**/*.spec.ts',
  // Response headers and status codes only a production web server sets (docs/deploy.md,
  // deploy/nginx.conf): checked against nginx (test:nginx) and any deployment (BASE_URL).
  testIgnore: [
    // The CDN deploy tests need the local Pages server of scripts/test/test-edge.ts.
    ...(process.env.E2E_EDGE_ROOT ? [] : ['**/tests/hosting/edge/**']),
    ...(deployedURL ? LOCAL_BUILD_SPECS : serverURL ? [] : ['**/tests/hosting/nginx/**']),
  ],
  grepInvert: deployedURL ? new RegExp(LOCAL_BUILD_TAG) : undefined,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Limits guard against a hang, never judge: a busy 2-core machine is slow, not wrong. Past the
  // whole run's limit Playwright reports the tests under way and what each awaited, stops the browsers
  // and its web server, and fails.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  globalTimeout: 30 * 60_000,
  reporter: [
    ['list'],
    // scripts/test/run-e2e.ts names the JSON report per run (E2E_REPORT) so parallel runs do not share one file.
    ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e-report.json' }],
    // For CI services; scripts/test/run-e2e.ts names it per run as the JSON report.
    ['junit', { outputFile: process.env.E2E_JUNIT ?? 'test-results/junit/playwright.xml' }],
  ],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: serverURL ?? `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      testDir: 'tests',
      testMatch: E2E_SPECS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: true },
    },
    {
      // What the viewport changes: layout, focus order, motion, target sizes, and one whole purchase.
      // The shop's behaviour at every step runs in three engines as the generated model paths.
      name: 'desktop',
      testDir: 'tests',
      testMatch: DESKTOP_SPECS,
      use: desktop,
    },
    {
      // The state gallery's pictures as visual baselines (tests/visual/states.spec.ts; `npm run
      // test:visual`): each test sets its own viewport; the pictures are docs/states/<name>.png, and
      // Chromium sees only the fonts of tests/support/visual/fonts.conf, so they do not change with a machine's.
      name: 'states',
      testDir: 'tests/visual',
      snapshotPathTemplate: 'docs/states/{arg}{ext}',
      use: {
        launchOptions: {
          ...launchOptions,
          env: {
            ...process.env,
            FONTCONFIG_FILE: join(dirname(fileURLToPath(import.meta.url)), 'tests/support/visual/fonts.conf'),
          },
        },
      },
    },
  ],
  webServer: serverURL
    ? undefined
    : {
        command: `npx tsx scripts/hosting/serve.ts --nginx --port ${port}`,
        url: `http://127.0.0.1:${port}/`,
        reuseExistingServer: false,
        timeout: 60_000,
      },
});
