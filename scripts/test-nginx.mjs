#!/usr/bin/env node
/**
 * Runs the whole Playwright suite against the production build served by nginx with deploy/nginx.conf
 * (the shop as it runs in production: docs/decisions/0007-production-server-nginx.md), and prints
 * `nginx: N passed, N failed`.
 *
 * 1. finds nginx: $NGINX_PATH, `nginx` on PATH, /usr/sbin/nginx; when none is found and we are root
 *    with apt-get (as on CI), installs Debian's `nginx` package (the package only: the system's nginx
 *    configuration and service are never used);
 * 2. builds the shop (`npm run build`, into $DIST_DIR, default dist) unless --no-build;
 * 3. copies the build into a private temporary prefix and starts nginx there on 127.0.0.1 at a free
 *    port ($NGINX_PORT to choose one), with deploy/nginx.conf as the site, changing only its `listen`
 *    and `root`, inside a minimal main configuration like a distribution's nginx.conf;
 *    It also serves one more copy of the build per Playwright worker (2), each from its own web root
 *    on its own port with the same site config, for the deploy-during-a-visit tests
 *    (tests/e2e/deploy.nginx.spec.ts), which deploy releases into those roots with deploy/deploy.sh:
 *    no other test ever sees their files change;
 * 4. runs scripts/run-e2e.mjs with E2E_BASE_URL pointing at nginx (the Playwright config then starts
 *    no server of its own and adds the *.nginx.spec.ts header checks) and E2E_DEPLOY_SITES, a JSON
 *    array of `{ baseURL, webRoot }` for the deploy tests, indexed by the worker's parallelIndex;
 * 5. runs the model suite in Chromium (`test:model:browser`) the way a tester runs it against a
 *    deployment, with BASE_URL pointing at nginx: every generated path and the coverage
 *    tables, against a server that is not Vite's;
 * 6. stops nginx and removes the prefix, also when the tests fail or the run is interrupted.
 *
 * Usage: node scripts/test-nginx.mjs [--no-build] [--only e2e|model-browser] [playwright test args...]
 * (the Playwright arguments go to both runs, but `--project`, which picks e2e projects, to the e2e run
 * only). Prints `nginx: …` and `nginx-model-browser: …` lines.
 * Exit code: non-zero when either run fails, or 1 when nginx cannot be found or started.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
let build = true;
let only;
const playwrightArgs = [];
/** `--project` arguments (`mobile`, `desktop`): they choose among the e2e projects, so the e2e run only. */
const e2eProjectArgs = [];
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === '--no-build') build = false;
  else if (args[index] === '--only') only = args[++index];
  else if (args[index] === '--project') e2eProjectArgs.push(args[index], args[++index]);
  else if (args[index].startsWith('--project=')) e2eProjectArgs.push(args[index]);
  else playwrightArgs.push(args[index]);
}
if (only !== undefined && only !== 'e2e' && only !== 'model-browser')
  throw new Error(`--only takes e2e or model-browser, not ${only}.`);
const distDir = resolve(process.env.DIST_DIR ?? 'dist');

/** The nginx executable, installing Debian's package when allowed (see step 1). */
function findNginx() {
  const candidates = [process.env.NGINX_PATH, which('nginx'), '/usr/sbin/nginx'].filter(Boolean);
  if (process.env.NGINX_PATH && !existsSync(process.env.NGINX_PATH))
    throw new Error(`NGINX_PATH=${process.env.NGINX_PATH} is not an executable file.`);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const hasAptGet = which('apt-get') !== undefined;
  if (process.getuid?.() === 0 && hasAptGet) {
    console.error("nginx not found: installing Debian's nginx package...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  }
  throw new Error(
    'No nginx found for `npm run test:nginx`. Set NGINX_PATH to an nginx executable, or install ' +
      "Debian's nginx (sudo apt-get install nginx) or your platform's nginx package.",
  );
}

function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** A TCP port on 127.0.0.1 that is free right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Replaces `from` (which must occur exactly once) with `to`. */
function replaceOnce(text, from, to) {
  if (text.split(from).length !== 2)
    throw new Error(`deploy/nginx.conf must contain "${from}" exactly once.`);
  return text.replace(from, () => to);
}

/**
 * The site config as deployed, bound to 127.0.0.1:`port` and serving `root`; with `serverOnly`, just
 * its `server { … }` block (another site in the same http context: the `map` is there once).
 */
function siteConfig(port, root, serverOnly = false) {
  let site = readFileSync('deploy/nginx.conf', 'utf8');
  site = replaceOnce(site, '    listen 8080;\n', `    listen 127.0.0.1:${port};\n`);
  site = replaceOnce(site, '    listen [::]:8080;\n', '');
  site = replaceOnce(site, 'root /usr/share/nginx/html;', `root ${root};`);
  return serverOnly ? site.slice(site.indexOf('\nserver {') + 1) : site;
}

/** Playwright's worker count (playwright.config.ts): one deploy-test site per worker. */
const DEPLOY_SITES = 2;

/** The main configuration around the site: what a distribution's /etc/nginx/nginx.conf provides. */
function mainConfig(prefix, mimeTypes) {
  const temp = (name) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  return `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  sendfile on;
  access_log ${join(prefix, 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(prefix, 'site.conf')};
}
`;
}

/** The mime.types next to the nginx binary's compiled-in nginx.conf (e.g. /etc/nginx/mime.types). */
function mimeTypesOf(nginx) {
  const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(version.stderr)?.[1] ?? '/etc/nginx/nginx.conf';
  const mimeTypes = join(dirname(confPath), 'mime.types');
  if (!existsSync(mimeTypes)) throw new Error(`${mimeTypes} not found (from ${nginx} -V).`);
  return mimeTypes;
}

async function waitForServer(url, nginxProcess) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (nginxProcess.exitCode !== null) throw new Error(`nginx exited with code ${nginxProcess.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`nginx did not answer ${url} within 15 s`);
}

function stopNginx(nginxProcess) {
  if (nginxProcess.exitCode !== null || nginxProcess.signalCode !== null) return Promise.resolve();
  return new Promise((stopped) => {
    nginxProcess.once('exit', stopped);
    nginxProcess.kill('SIGQUIT'); // graceful: finish open requests, then exit
    setTimeout(() => nginxProcess.kill('SIGKILL'), 5_000).unref();
  });
}

let nginxProcess;
let prefix;
let exitCode = 1;
const cleanUp = async () => {
  if (nginxProcess) await stopNginx(nginxProcess);
  if (prefix) rmSync(prefix, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  const nginx = findNginx();
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error(`${distDir}/index.html not found: build first.`);

  prefix = mkdtempSync(join(tmpdir(), 'pet-ball-nginx-'));
  // nginx workers run as an unprivileged user when started as root: they must be able to read the copy.
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'html');
  cpSync(distDir, root, { recursive: true });
  mkdirSync(join(prefix, 'temp'));
  const port = Number(process.env.NGINX_PORT ?? (await freePort()));
  const deploySites = [];
  for (let index = 0; index < DEPLOY_SITES; index += 1) {
    const webRoot = join(prefix, `deploy-${index}`, 'html');
    cpSync(distDir, webRoot, { recursive: true });
    chmodSync(dirname(webRoot), 0o755);
    let sitePort = await freePort();
    while (sitePort === port || deploySites.some((site) => site.port === sitePort))
      sitePort = await freePort();
    deploySites.push({ port: sitePort, webRoot });
  }
  writeFileSync(
    join(prefix, 'site.conf'),
    [siteConfig(port, root), ...deploySites.map((site) => siteConfig(site.port, site.webRoot, true))].join(
      '\n',
    ),
  );
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, mainConfig(prefix, mimeTypesOf(nginx)));

  const check = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected the configuration:\n${check.stderr}`);

  nginxProcess = spawn(nginx, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/`, nginxProcess);
  console.log(`nginx ${nginx} serving ${distDir} at ${baseURL}/ with deploy/nginx.conf`);

  // The e2e run tests nginx through E2E_BASE_URL; a BASE_URL of the caller's must not redirect it.
  const env = { ...process.env };
  delete env.BASE_URL;
  const statuses = [];
  if (only !== 'model-browser') {
    const run = spawnSync(
      'node',
      ['scripts/run-e2e.mjs', '--label', 'nginx', '--no-build', ...e2eProjectArgs, ...playwrightArgs],
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
  if (only !== 'e2e') {
    const run = spawnSync(
      'node',
      [
        'scripts/run-e2e.mjs',
        '--label',
        'nginx-model-browser',
        '--project',
        'model-browser',
        ...playwrightArgs,
      ],
      { stdio: 'inherit', env: { ...env, BASE_URL: baseURL } },
    );
    statuses.push(run.status ?? 1);
  }
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
