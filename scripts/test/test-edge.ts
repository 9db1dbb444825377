/**
 * `npm run test:edge`: the shop on Cloudflare's own runtime. Serves the build with Cloudflare's local
 * Pages server (`wrangler pages dev`, which runs workerd on 127.0.0.1: scripts/hosting/pages.ts) and, beside
 * it, with nginx and deploy/nginx.conf, then runs against the Pages server:
 * 1. headers: every route and a sample of files answer with nginx's status and security and cache
 *    headers, unknown paths with 404 and the not-found page, and where Pages answers otherwise it
 *    answers as docs/deploy.md says (tests/hosting/edge/headers.node-test.ts);
 * 2. observatory: the Mozilla HTTP Observatory's checks, A+ (scripts/test/observatory.ts), over TLS: nginx
 *    ends TLS in front of the Pages server and passes its answers through unchanged, as Cloudflare's
 *    edge ends TLS and redirects http:// to https:// in front of Pages;
 * 3. releases: a deploy during a visit replaces every file at once (tests/hosting/edge/deploy.spec.ts, in
 *    Chromium);
 * 4. paths: the paths generated from the machines that run against a deployment (`BASE_URL`), in
 *    Chromium (scripts/test/test-engines.ts).
 * Each part prints its closing `<name>: N passed, N failed` line; every part runs even when one before
 * it failed. Installs what it needs first: nginx and Chromium through the one installer
 * (scripts/setup/install-test-packages.sh), wrangler from tests/hosting/edge/package-lock.json. Stops every server
 * it started, on every path.
 *
 * Usage: tsx scripts/test/test-edge.ts [--no-build]. Env: DIST_DIR (the build, default dist).
 * Exit code: 0 when every part passed; 1 otherwise.
 */
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freePort,
  launchNginx,
  makeCertificates,
  siteConfig,
  stopNginx,
  tlsListen,
} from '../hosting/nginx.ts';
import { nodeTestArgs } from './node-test.ts';
import { scanWithObservatory } from './observatory.ts';
import { installWrangler, servePages, type PagesServer } from '../hosting/pages.ts';

const build = !process.argv.includes('--no-build');
// The parts test the Pages server started here: a BASE_URL of the caller's must not redirect them.
delete process.env.BASE_URL;
const distDir = resolve(process.env.DIST_DIR ?? 'dist');

/**
 * nginx's server block that ends TLS on `port` in front of `upstream` and passes its answers through
 * unchanged; a plain http:// request to the port (nginx's status 497) is redirected to https://.
 */
function tlsFront(port: number, upstream: string, tls: { certificate: string; key: string }): string {
  return `server {
${tlsListen(port, tls)}    server_tokens off;
    location / {
        proxy_pass ${upstream};
        proxy_set_header Host $http_host;
    }
}
`;
}

/** Runs `command` with `args` and `env` added, its output on the terminal; returns its exit status. */
function run(command: string, args: string[], env: Record<string, string>): number {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

let pages: PagesServer | undefined;
let nginx: ChildProcess | undefined;
let prefix: string | undefined;
const cleanUp = async () => {
  if (nginx) await stopNginx(nginx);
  await pages?.stop();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

// The one installer, once, before anything starts: nginx with brotli_static, and Chromium (the
// browser and its headless shell).
if (
  spawnSync('bash', ['scripts/setup/install-test-packages.sh', 'nginx', 'chromium', 'headless-shell'], {
    stdio: 'inherit',
  }).status !== 0
) {
  console.log('edge: 0 passed, 1 failed');
  process.exit(1);
}
process.env.PET_BALL_PACKAGES_CHECKED = '1';

const failed: string[] = [];
try {
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`${distDir}/index.html not found: build first.`);
  installWrangler();
  pages = await servePages(distDir);
  console.log(`wrangler pages dev serving ${distDir} at ${pages.baseURL}/`);

  prefix = mkdtempSync(join(tmpdir(), 'pet-ball-edge-nginx-'));
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'html');
  cpSync(distDir, root, { recursive: true });
  const port = await freePort();
  let tlsPort = await freePort();
  while (tlsPort === port) tlsPort = await freePort();
  const tls = makeCertificates(join(prefix, 'tls'));
  const nginxURL = `http://127.0.0.1:${port}`;
  nginx = await launchNginx(
    prefix,
    `${siteConfig(port, root)}\n${tlsFront(tlsPort, pages.baseURL, tls)}`,
    `${nginxURL}/`,
  );
  console.log(
    `nginx serving ${distDir} at ${nginxURL}/, and TLS in front of Pages at https://127.0.0.1:${tlsPort}/`,
  );

  const parts: [name: string, status: () => number][] = [
    [
      'headers',
      () =>
        run(process.execPath, nodeTestArgs('tests/hosting/edge/headers.node-test.ts', 'edge-headers.xml'), {
          EDGE_URL: pages!.baseURL,
          NGINX_URL: nginxURL,
          DIST_DIR: distDir,
        }),
    ],
    [
      'observatory',
      () => scanWithObservatory(`127.0.0.1:${tlsPort}`, tls.ca, 'edge-observatory', 'observatory-edge.xml'),
    ],
    [
      'releases',
      () =>
        run(
          'npx',
          [
            'tsx',
            'scripts/test/run-e2e.ts',
            '--label',
            'edge-releases',
            '--no-build',
            '--project',
            'mobile',
            '--workers',
            '1',
            'hosting/edge/deploy.spec.ts',
          ],
          { E2E_BASE_URL: pages!.baseURL, E2E_EDGE_ROOT: pages!.root, DIST_DIR: distDir },
        ),
    ],
    [
      'paths',
      () =>
        run(
          'npx',
          ['tsx', 'scripts/test/test-engines.ts', '--no-build', '--suite', 'paths', '--engine', 'chromium'],
          {
            BASE_URL: pages!.baseURL,
            ENGINES_RESULTS: 'test-results/engines-edge',
          },
        ),
    ],
  ];
  for (const [name, status] of parts) {
    console.log(`\n── edge ${name} ──`);
    if (status() === 0) continue;
    failed.push(name);
    console.log(`edge ${name} failed; wrangler's latest output:\n${pages.output() || '(none)'}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed.push('setup');
} finally {
  await cleanUp();
}
console.log(failed.length === 0 ? 'edge: every part passed' : `edge: FAILED ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
