/**
 * Runs Playwright browser tests in the system Chromium against a fresh production build and prints a
 * closing line `<label>: N passed, N failed` from Playwright's JSON report; its JUnit report goes to
 * test-results/junit/playwright-<label>-<port>.xml. Without a `--project` argument it runs the e2e
 * suite (both projects, `mobile` and `desktop`, of playwright.config.ts).
 * Usage: npx tsx scripts/test/run-e2e.ts [--label e2e] [--no-build] [--project <name>]... [playwright test args...]
 * Env: E2E_PORT (default 4173) and DIST_DIR (default dist) let runs go side by side. BASE_URL (an
 * http(s) origin) tests that deployment instead: nothing is built or served here (see
 * playwright.config.ts for the tests left out; docs/decisions/0008-tests-against-any-deployment.md).
 * Exit code: Playwright's (non-zero on any failure).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { optionValue } from './option-value.ts';

/** The fields of Playwright's JSON report read here. */
interface JsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

const args = process.argv.slice(2);
let label = 'e2e';
let build = true;
const playwrightArgs: string[] = [];
const projects: string[] = [];
const valueAfter = (option: string, index: number): string => optionValue(args, option, index);
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  if (arg === '--label') label = valueAfter(arg, ++index);
  else if (arg === '--no-build') build = false;
  else if (arg === '--project') projects.push(valueAfter(arg, ++index));
  else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  else playwrightArgs.push(arg);
}
// The e2e suite by default. Playwright's `--project` takes every argument after it up to the next
// option, so the projects go last, where they cannot take a test file filter for a project name.
if (projects.length === 0) projects.push('mobile', 'desktop');
playwrightArgs.push('--project', ...projects);

// The one installer, once, before anything starts (scripts/setup/install-test-packages.sh): Chromium's
// headless shell, which the tests run in, and the browser, for what needs the browser's own layer
// (docs/decisions/0016-chromium-headless-shell.md); the visual baselines' font; nginx, which serves
// the build unless a server is given.
const needs = ['chromium', 'headless-shell'];
if (projects.includes('states')) needs.push('fonts');
if (!process.env.BASE_URL && !process.env.E2E_BASE_URL) needs.push('nginx');
if (
  spawnSync('bash', ['scripts/setup/install-test-packages.sh', ...needs], { stdio: 'inherit' }).status !== 0
) {
  console.log(`${label}: 0 passed, 1 failed`);
  process.exit(1);
}
process.env.PET_BALL_PACKAGES_CHECKED = '1';
/** The path scripts/setup/find-chromium.sh prints for `chromium` (`browser` or `headless-shell`). */
const findChromium = (chromium: string): string =>
  execFileSync('bash', ['scripts/setup/find-chromium.sh', chromium], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
const chromePath = findChromium('browser');
const headlessShellPath = findChromium('headless-shell');
const deployment = process.env.BASE_URL;
if (deployment) console.log(`${label}: testing the deployment at ${deployment} (no local build or server)`);
else if (build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });

const report = `test-results/${label}-${process.env.E2E_PORT ?? 4173}-report.json`;
const junit = `test-results/junit/playwright-${label}-${process.env.E2E_PORT ?? 4173}.xml`;
rmSync(report, { force: true });
rmSync(junit, { force: true });
const run = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROME_PATH: chromePath,
    CHROME_HEADLESS_SHELL_PATH: headlessShellPath,
    E2E_REPORT: report,
    E2E_JUNIT: junit,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const { stats, errors = [] } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  passed = stats.expected + stats.flaky;
  failed = stats.unexpected + errors.length;
  skipped = stats.skipped;
} catch {
  failed = Math.max(failed, 1);
}
console.log(
  `${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${
    deployment ? ` (against ${deployment})` : ''
  }`,
);
process.exit(run.status === 0 && failed === 0 ? 0 : run.status || 1);
