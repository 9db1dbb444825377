/**
 * Debian's nginx with deploy/nginx.conf, run from a private temporary prefix (the system's nginx
 * configuration and service are never used): the one server of the browser suites and the bench (the
 * test house's fault layer, tests/support/servers/fault-server.ts, sits in front of it), and of `npm start` where it
 * is installed. Finds nginx and its brotli_static module, which the one installer of the test packages
 * (scripts/setup/install-test-packages.sh) installs when missing and we are root with apt-get.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
import { createServer, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nginx executable already installed: $NGINX_PATH, `nginx` on PATH or /usr/sbin/nginx; undefined
 * when there is none. @throws when NGINX_PATH names no file.
 */
function installedNginxPath(): string | undefined {
  if (process.env.NGINX_PATH && !existsSync(process.env.NGINX_PATH))
    throw new Error(`NGINX_PATH=${process.env.NGINX_PATH} is not an executable file.`);
  return [process.env.NGINX_PATH, which('nginx'), '/usr/sbin/nginx'].find(
    (path): path is string => Boolean(path) && existsSync(path!),
  );
}

/**
 * Runs the one installer of the test packages (scripts/setup/install-test-packages.sh) for nginx and its
 * brotli_static module: as root with apt-get, once per run and never two at once; otherwise it only
 * says what is missing. @returns whether nothing is missing now.
 */
function installNginx(): boolean {
  return (
    spawnSync(
      'bash',
      [fileURLToPath(new URL('../setup/install-test-packages.sh', import.meta.url)), 'nginx'],
      {
        stdio: 'inherit',
      },
    ).status === 0
  );
}

/**
 * The nginx executable: {@link installedNginxPath}, installed by the one installer when missing.
 * @throws naming the package to install when there is none.
 */
export function findNginx(): string {
  const found = installedNginxPath() ?? (installNginx() ? installedNginxPath() : undefined);
  if (found) return found;
  throw new Error(
    'No nginx found. Set NGINX_PATH to an nginx executable, or install ' +
      "Debian's nginx and libnginx-mod-http-brotli-static (sudo apt-get install nginx libnginx-mod-http-brotli-static).",
  );
}

/** Where `nginx` (in its --modules-path) keeps the brotli_static module, whether or not it is there. */
function brotliStaticPath(nginx: string): string {
  const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const modulesPath = /--modules-path=(\S+)/.exec(version.stderr)?.[1] ?? '/usr/lib/nginx/modules';
  return join(modulesPath, 'ngx_http_brotli_static_module.so');
}

/**
 * The brotli_static module of `nginx` (in its --modules-path), installed by the one installer when
 * missing. @throws naming the package to install when it is not there.
 */
export function findBrotliStatic(nginx: string): string {
  const module = brotliStaticPath(nginx);
  if (!existsSync(module)) installNginx();
  if (!existsSync(module))
    throw new Error(
      `${module} not found: deploy/nginx.conf needs brotli_static. Install Debian's ` +
        'libnginx-mod-http-brotli-static (sudo apt-get install libnginx-mod-http-brotli-static).',
    );
  return module;
}

/**
 * nginx as deploy/nginx.conf needs it (with brotli_static), if it is installed; nothing is installed.
 * @returns its path, or why there is none (`missing`, a short phrase)
 */
export function installedNginx(): { nginx: string } | { missing: string } {
  let nginx: string | undefined;
  try {
    nginx = installedNginxPath();
  } catch (error) {
    return { missing: (error as Error).message.replace(/\.$/, '') };
  }
  if (!nginx) return { missing: 'no nginx was found' };
  const module = brotliStaticPath(nginx);
  return existsSync(module) ? { nginx } : { missing: `${nginx} has no brotli_static module (${module})` };
}

export function which(command: string): string | undefined {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** A TCP port on 127.0.0.1 that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Replaces `from` (which must occur exactly once) with `to`. */
function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2)
    throw new Error(`deploy/nginx.conf must contain "${from}" exactly once.`);
  return text.replace(from, () => to);
}

/**
 * A server block's lines that listen with TLS on 127.0.0.1:`port` with `tls`'s certificate; a plain
 * http:// request to the port (nginx's status 497) goes to https://, as the TLS front redirects
 * http:// in production.
 */
export function tlsListen(port: number, tls: { certificate: string; key: string }): string {
  return (
    `    listen 127.0.0.1:${port} ssl;\n` +
    `    ssl_certificate ${tls.certificate};\n    ssl_certificate_key ${tls.key};\n` +
    '    error_page 497 =301 https://$http_host$request_uri;\n'
  );
}

/**
 * The site config as deployed, bound to 127.0.0.1:`port` and serving `root`; with `serverOnly`, just
 * its `server { … }` block (another site in the same http context: the `map` is there once).
 */
export function siteConfig(
  port: number,
  root: string,
  serverOnly = false,
  tls: { certificate: string; key: string } | undefined = undefined,
): string {
  let site = readFileSync('deploy/nginx.conf', 'utf8');
  const listen = tls ? tlsListen(port, tls) : `    listen 127.0.0.1:${port};\n`;
  site = replaceOnce(site, '    listen 8080;\n', listen);
  site = replaceOnce(site, '    listen [::]:8080;\n', '');
  site = replaceOnce(site, 'root /usr/share/nginx/html;', `root ${root};`);
  return serverOnly ? site.slice(site.indexOf('\nserver {') + 1) : site;
}

/** How nginx's workers are sized: the main config's `worker_*` directives. */
export interface NginxWorkers {
  /** `worker_processes`: how many, or `auto` (one per core). */
  readonly processes: number | 'auto';
  /** `worker_connections`: the connections one worker holds at once. */
  readonly connections: number;
  /**
   * `worker_rlimit_nofile`: the files one worker may open (sockets and the files it sends); unset,
   * the limit it inherits.
   */
  readonly openFiles?: number;
}

/** The browser suites' and the bench's nginx: a few browsers at a time, so one small worker. */
export const TEST_WORKERS: NginxWorkers = { processes: 1, connections: 256 };

/**
 * Sized as production's main nginx.conf should be (docs/deploy.md#capacity): a worker per core, each
 * able to hold 4096 connections alone (nginx need not spread them evenly), with a socket and an open
 * file for each.
 */
export const PRODUCTION_WORKERS: NginxWorkers = { processes: 'auto', connections: 4096, openFiles: 8192 };

/**
 * The main configuration around the site: what a distribution's /etc/nginx/nginx.conf provides, with
 * its workers sized by `workers` (default {@link TEST_WORKERS}).
 */
export function mainConfig(
  prefix: string,
  mimeTypes: string,
  modules: string[],
  workers: NginxWorkers = TEST_WORKERS,
): string {
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  const openFiles = workers.openFiles === undefined ? '' : `worker_rlimit_nofile ${workers.openFiles};\n`;
  return `${modules.map((module) => `load_module ${module};\n`).join('')}daemon off;
worker_processes ${workers.processes};
${openFiles}pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections ${workers.connections}; }
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

/**
 * A throwaway CA and a certificate it signs for IP:127.0.0.1 (openssl), in `dir`: the scanner trusts
 * the CA through NODE_EXTRA_CA_CERTS, so the site's TLS verifies as a real one would.
 */
export function makeCertificates(dir: string): { ca: string; certificate: string; key: string } {
  mkdirSync(dir);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=Pet Ball Pro test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'site.key',
    '-out',
    'site.csr',
  );
  writeFileSync(join(dir, 'site.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'site.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'site.ext',
    '-out',
    'site.pem',
  );
  return { ca: join(dir, 'ca.pem'), certificate: join(dir, 'site.pem'), key: join(dir, 'site.key') };
}

/** The mime.types next to the nginx binary's compiled-in nginx.conf (e.g. /etc/nginx/mime.types). */
export function mimeTypesOf(nginx: string): string {
  const version = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(version.stderr)?.[1] ?? '/etc/nginx/nginx.conf';
  const mimeTypes = join(dirname(confPath), 'mime.types');
  if (!existsSync(mimeTypes)) throw new Error(`${mimeTypes} not found (from ${nginx} -V).`);
  return mimeTypes;
}

/** How long nginx may take to answer once started, ms: a guard against a hang, never a verdict. */
const START_TIMEOUT_MS = 30_000;

/**
 * Resolves once the nginx started as `nginxProcess` answers `url` with a 2xx, and it was that nginx
 * that answered: the probe carries a token of its own in its query, which must then be in that nginx's
 * `accessLog`. Another process on the port (one that took it between {@link freePort} and nginx's
 * start) is not taken for ours.
 * @throws when nginx exits, another server answers, or nothing answers within 30 s.
 */
export async function waitForServer(
  url: string,
  nginxProcess: ChildProcess,
  accessLog: string,
): Promise<void> {
  const token = `probe=${randomUUID()}`;
  const probe = `${url}${url.includes('?') ? '&' : '?'}${token}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (nginxProcess.exitCode !== null) throw new Error(`nginx exited with code ${nginxProcess.exitCode}`);
    try {
      const response = await fetch(probe);
      await response.arrayBuffer();
      if (response.ok) {
        if (existsSync(accessLog) && readFileSync(accessLog, 'utf8').includes(token)) return;
        throw new PortTakenError(`${url} was answered by another server than the nginx started for it`);
      }
    } catch (error) {
      if (error instanceof PortTakenError) throw error;
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 25));
  }
  throw new Error(`nginx did not answer ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/** Another process answers on the port nginx was to listen on. */
export class PortTakenError extends Error {
  override name = 'PortTakenError';
}

export function stopNginx(nginxProcess: ChildProcess): Promise<void> {
  if (nginxProcess.exitCode !== null || nginxProcess.signalCode !== null) return Promise.resolve();
  return new Promise((stopped) => {
    nginxProcess.once('exit', () => stopped());
    nginxProcess.kill('SIGTERM'); // fast shutdown: a test's or the bench's server has nothing to finish
    setTimeout(() => nginxProcess.kill('SIGKILL'), 5_000).unref();
  });
}

/**
 * Starts nginx in `prefix` with `sites` (http-context text: the site configs) inside
 * {@link mainConfig} with `workers`; resolves once `probeURL` answers.
 * @returns the nginx process (stop it with {@link stopNginx})
 * @throws when nginx rejects the configuration or does not answer within 15 s
 */
export async function launchNginx(
  prefix: string,
  sites: string,
  probeURL: string,
  workers: NginxWorkers = TEST_WORKERS,
): Promise<ChildProcess> {
  const nginx = findNginx();
  const brotliStatic = findBrotliStatic(nginx);
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  writeFileSync(join(prefix, 'site.conf'), sites);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, mainConfig(prefix, mimeTypesOf(nginx), [brotliStatic], workers));
  const check = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected the configuration:\n${check.stderr}`);
  const nginxProcess = spawn(nginx, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForServer(probeURL, nginxProcess, join(prefix, 'access.log'));
  } catch (error) {
    await stopNginx(nginxProcess);
    throw error;
  }
  return nginxProcess;
}

/** A build served by nginx: {@link serveWithNginx}. */
export interface NginxServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseURL: string;
  /** The nginx master's process id (its workers are its children). */
  readonly pid: number;
  /** Replaces the served copy with one of the build in `dir` at once (a careless deploy). */
  deploy(dir: string): void;
  /** Stops nginx and removes the copy. */
  stop(): Promise<void>;
}

/**
 * Serves a copy of the build in `distDir` with deploy/nginx.conf on 127.0.0.1: on `port`, or a free
 * one; without the files named in `without` (e.g. `sw.js`, a host that never had the worker); its
 * workers sized by `workers` (default {@link TEST_WORKERS}; the capacity bench's {@link PRODUCTION_WORKERS}).
 * @throws when `distDir` has no index.html, or nginx cannot be found, configured or started.
 */
export async function serveWithNginx(
  distDir: string,
  {
    port,
    without = [],
    workers = TEST_WORKERS,
  }: { port?: number; without?: readonly string[]; workers?: NginxWorkers } = {},
): Promise<NginxServer> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html: build first`);
  const prefix = mkdtempSync(join(tmpdir(), 'pet-ball-nginx-'));
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'html');
  const deploy = (dir: string) => {
    rmSync(root, { recursive: true, force: true });
    cpSync(dir, root, { recursive: true });
    for (const file of without) rmSync(join(root, file), { force: true });
  };
  deploy(distDir);
  let nginxProcess: ChildProcess | undefined;
  const stop = async () => {
    if (nginxProcess) await stopNginx(nginxProcess);
    rmSync(prefix, { recursive: true, force: true });
  };
  // A free port can be taken by another process before nginx binds it: then another free port, when
  // none was asked for (nginx exits, or another server answers the probe).
  let baseURL = '';
  for (let attempt = 1; nginxProcess === undefined; attempt += 1) {
    const listenPort = port ?? (await freePort());
    baseURL = `http://127.0.0.1:${listenPort}`;
    try {
      nginxProcess = await launchNginx(prefix, siteConfig(listenPort, root), `${baseURL}/`, workers);
    } catch (error) {
      if (port === undefined && attempt < 3 && /exited|another server/.test(String(error))) continue;
      await stop();
      throw error;
    }
  }
  return { baseURL, pid: nginxProcess.pid!, deploy, stop };
}
