import type { ReporterDescription } from '@playwright/test';
import base from './playwright.config';

/**
 * The model suites in real Chromium: the browser-test setup of playwright.config.ts (system
 * Chromium, production build served by `vite preview`) with its own test directory, so
 * `npm run test:e2e` does not run these paths twice, and a reporter that prints the coverage tables and
 * fails the run below 100%. Run it with `npm run test:model:browser`; with `BASE_URL` it runs against
 * that deployment instead (see playwright.config.ts).
 */
export default {
  ...base,
  testDir: 'tests/model-browser',
  outputDir: 'test-results/model-browser-artifacts',
  // Behaviour, not layout: one viewport (the e2e suite covers both); each path loads the shop afresh.
  projects: base.projects?.filter((project) => project.name === 'desktop'),
  reporter: [
    ...(base.reporter as ReporterDescription[]),
    ['./tests/model-browser/coverage-reporter.ts'],
  ] satisfies ReporterDescription[],
};
