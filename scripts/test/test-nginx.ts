/**
 * Runs the whole Playwright suite against the production build served by nginx with deploy/nginx.conf
 * (the shop as it runs in production: docs/decisions/0007-production-server-nginx.md), and prints
 * `nginx: N passed, N failed`.
 *
 * 1. runs the one installer of the test packages (scripts/setup/install-test-packages.sh) for nginx with its
 *    brotli_static module and Chromium: as root with apt-get (as on CI) it installs what is missing
 *    (the packages only: the system's nginx configuration and service are never used); otherwise, or
 *    when apt-get fails, the run stops at once naming the packages. nginx is $NGINX_PATH, `nginx` on
 *    PATH or /usr/sbin/nginx, its brotli_static module in the binary's --modules-path;
 * 2. builds the shop (`npm run build`, into $DIST_DIR, default dist) unless --no-build;
 * 3. copies the build into a private temporary prefix and starts nginx there on 127.0.0.1 at a free
 *    port ($NGINX_PORT to choose one), with deploy/nginx.conf as the site, changing only its `listen`
 *    and `root`, inside a minimal main configuration like a distribution's nginx.conf;
 *    It also serves one more copy of the build per Playwright worker (2), each from its own web root
 *    on its own port with the same site config, for the deploy-during-a-visit tests
 *    (tests/hosting/nginx/deploy.spec.ts), which deploy releases into those roots with deploy/deploy.sh:
 *    no other test ever sees their files change;
 * 4. runs scripts/test/run-e2e.ts with E2E_BASE_URL pointing at nginx (the Playwright config then starts
 *    no server of its own and adds the tests/hosting/nginx/*.spec.ts header checks) and E2E_DEPLOY_SITES, a JSON
 *    array of `{ baseURL, webRoot }` for the deploy tests, indexed by the worker's parallelIndex;
 * 5. scans the same site with the Mozilla HTTP Observatory (tests/hosting/observatory/observatory.node-test.ts)
 *    over TLS: nginx serves it once more on another port with `ssl` added to its `listen`, a
 *    certificate for IP:127.0.0.1 from a throwaway CA made here with openssl, and a redirect of plain
 *    http:// requests on that port to https:// (what the TLS front does in production); no header
 *    changes. The scanner is installed with scripts off from tests/hosting/observatory/package-lock.json;
 * 6. stops nginx and removes the prefix, also when the tests fail or the run is interrupted.
 *
 * Usage: npx tsx scripts/test/test-nginx.ts [--no-build] [--only e2e|observatory]
 * [playwright test args...] (the Playwright arguments go to the e2e run). Prints `nginx: …` and
 * `nginx-observatory: …` lines.
 * Exit code: non-zero when either run fails, or 1 when nginx cannot be found or started.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  findBrotliStatic,
  findNginx,
  freePort,
  launchNginx,
  makeCertificates,
  siteConfig,
  stopNginx,
} from '../hosting/nginx.ts';
import { scanWithObservatory } from './observatory.ts';
import { optionValue } from './option-value.ts';

const args = process.argv.slice(2);
let build = true;
let only: string | undefined;
const playwrightArgs: string[] = [];
/** `--project` arguments (`mobile`, `desktop`): they choose among the e2e projects, so the e2e run only. */
const e2eProjectArgs: string[] = [];
const valueAfter = (option: string, index: number): string => optionValue(args, option, index);
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  if (arg === '--no-build') build = false;
  else if (arg === '--only') only = valueAfter(arg, ++index);
  else if (arg === '--project') e2eProjectArgs.push(arg, valueAfter(arg, ++index));
  else if (arg.startsWith('--project=')) e2eProjectArgs.push(arg);
  else playwrightArgs.push(arg);
}
const RUNS = ['e2e', 'observatory'];
if (only !== undefined && !RUNS.includes(only))
  throw new Error(`--only takes ${RUNS.join(', ')}, not ${only}.`);
const runs = only ? [only] : RUNS;
const distDir = resolve(process.env.DIST_DIR ?? 'dist');

/** Playwright's worker count (playwright.config.ts): one deploy-test site per worker. */
const DEPLOY_SITES = 2;

let nginxProcess: ChildProcess | undefined;
let prefix: string | undefined;
let exitCode = 1;
const cleanUp = async () => {
  if (nginxProcess) await stopNginx(nginxProcess);
  if (prefix) rmSync(prefix, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

// The one installer, once, before anything starts: nginx with brotli_static, and Chromium (the browser
// and its headless shell) for the e2e run.
if (
  spawnSync('bash', ['scripts/setup/install-test-packages.sh', 'nginx', 'chromium', 'headless-shell'], {
    stdio: 'inherit',
  }).status !== 0
) {
  console.log('nginx: 0 passed, 1 failed');
  process.exit(1);
}
process.env.PET_BALL_PACKAGES_CHECKED = '1';

try {
  findBrotliStatic(findNginx());
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`${distDir}/index.html not found: build first.`);

  prefix = mkdtempSync(join(tmpdir(), 'pet-ball-nginx-'));
  // nginx workers run as an unprivileged user when started as root: they must be able to read the copy.
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'html');
  cpSync(distDir, root, { recursive: true });
  const port = Number(process.env.NGINX_PORT ?? (await freePort()));
  const deploySites: { port: number; webRoot: string }[] = [];
  for (let index = 0; index < DEPLOY_SITES; index += 1) {
    const webRoot = join(prefix, `deploy-${index}`, 'html');
    cpSync(distDir, webRoot, { recursive: true });
    chmodSync(dirname(webRoot), 0o755);
    let sitePort = await freePort();
    while (sitePort === port || deploySites.some((site) => site.port === sitePort))
      sitePort = await freePort();
    deploySites.push({ port: sitePort, webRoot });
  }
  let tlsPort = await freePort();
  while (tlsPort === port || deploySites.some((site) => site.port === tlsPort)) tlsPort = await freePort();
  const tls = makeCertificates(join(prefix, 'tls'));
  const sites = [
    siteConfig(port, root),
    ...deploySites.map((site) => siteConfig(site.port, site.webRoot, true)),
    siteConfig(tlsPort, root, true, tls),
  ].join('\n');
  const baseURL = `http://127.0.0.1:${port}`;
  nginxProcess = await launchNginx(prefix, sites, `${baseURL}/`);
  console.log(`nginx ${findNginx()} serving ${distDir} at ${baseURL}/ with deploy/nginx.conf`);

  // The e2e run tests nginx through E2E_BASE_URL; a BASE_URL of the caller's must not redirect it.
  const env = { ...process.env };
  delete env.BASE_URL;
  const statuses: number[] = [];
  if (runs.includes('e2e')) {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/test/run-e2e.ts',
        '--label',
        'nginx',
        '--no-build',
        ...e2eProjectArgs,
        ...playwrightArgs,
      ],
      {
        stdio: 'inherit',
        env: {
          ...env,
          E2E_BASE_URL: baseURL,
          E2E_DEPLOY_SITES: JSON.stringify(
            deploySites.map((site) => ({ baseURL: `http://127.0.0.1:${site.port}`, webRoot: site.webRoot })),
          ),
        },
      },
    );
    statuses.push(run.status ?? 1);
  }
  if (runs.includes('observatory'))
    statuses.push(
      scanWithObservatory(`127.0.0.1:${tlsPort}`, tls.ca, 'nginx-observatory', 'observatory.xml'),
    );
  exitCode = statuses.find((status) => status !== 0) ?? 0;
  if (exitCode !== 0 && existsSync(join(prefix, 'error.log'))) {
    const errors = readFileSync(join(prefix, 'error.log'), 'utf8').trim();
    if (errors) console.error(`nginx error log:\n${errors}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.log('nginx: 0 passed, 1 failed');
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
