import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in real Chromium against the production build served by `vite preview`
 * (run them with `npm run test:e2e`, which finds the system Chromium first: scripts/run-e2e.mjs).
 * Two viewports: mobile 375×812 and desktop 1280×800. The browser resolves no host but 127.0.0.1.
 */
const executablePath = process.env.CHROME_PATH;
if (!executablePath)
  throw new Error('CHROME_PATH is not set: run the browser tests through `npm run test:e2e`.');

const port = Number(process.env.E2E_PORT ?? 4173);
/** An already running server to test instead of `vite preview` (scripts/test-nginx.mjs: nginx). */
const serverURL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Response headers and status codes only a production web server sets (nginx, deploy/nginx.conf).
  testIgnore: serverURL ? [] : '**/*.nginx.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // run-e2e.mjs names the JSON report per run (E2E_REPORT) so parallel runs do not share one file.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e-report.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: serverURL ?? `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: true },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: serverURL
    ? undefined
    : {
        command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
        url: `http://127.0.0.1:${port}/`,
        reuseExistingServer: false,
        timeout: 60_000,
      },
});
