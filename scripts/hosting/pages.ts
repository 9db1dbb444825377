/**
 * Cloudflare's local Pages server: `wrangler pages dev` (tests/hosting/edge/package.json pins wrangler 4, run on
 * Node 24 by scripts/setup/with-node.sh) serves a copy of the build with workerd, the runtime of Cloudflare's
 * edge, on 127.0.0.1, reading the build's `_headers` and `_redirects` (build/cdn-rules.ts) as
 * Cloudflare Pages does. Used by `npm run test:edge` (scripts/test/test-edge.ts). Nothing leaves the
 * machine: metrics are off, and the `Request.cf` lookup it cannot make only prints a warning.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from './nginx.ts';

/** tests/hosting/edge: wrangler's own package, installed apart from the shop's. */
export const EDGE_PACKAGE = 'tests/hosting/edge';
const WRANGLER = resolve(EDGE_PACKAGE, 'node_modules/wrangler/bin/wrangler.js');
/** Runs a command on another Node major: wrangler 4 needs Node 22 or later, the system's may be 20. */
const WITH_NODE = resolve('scripts/setup/with-node.sh');
/** The Node major wrangler runs on (scripts/node24 pins it). */
const WRANGLER_NODE = '24';
/** The newest date the pinned workerd supports: a later one only prints a warning and falls back. */
const COMPATIBILITY_DATE = '2026-11-17';
/** How much of wrangler's latest output {@link PagesServer.output} keeps, in characters. */
const OUTPUT_KEPT = 8_000;
/** How long wrangler may take to answer its first request (ms): a guard against a hang. */
const START_LIMIT_MS = 120_000;

/** A build served by the local Pages server: {@link servePages}. */
export interface PagesServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseURL: string;
  /** The folder it serves: {@link deployToPages} deploys into it. */
  readonly root: string;
  /** Wrangler's latest output (its last {@link OUTPUT_KEPT} characters): what it said of a failure. */
  output(): string;
  /** Stops wrangler and workerd and removes the copy. */
  stop(): Promise<void>;
}

/**
 * Replaces every file of the site the local Pages server serves from `root` with the build in `dir`,
 * at once, as a Pages deploy does (the previous release's hashed files are gone): copied beside it
 * first, then swapped in by renames.
 */
export function deployToPages(root: string, dir: string): void {
  const next = `${root}.next`;
  const previous = `${root}.previous`;
  cpSync(dir, next, { recursive: true });
  renameSync(root, previous);
  renameSync(next, root);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Installs the pinned wrangler from tests/hosting/edge/package-lock.json when it is missing or another version,
 * and the Node it runs on ({@link WRANGLER_NODE}) when the system's is another major, so that starting
 * it later installs nothing.
 * @throws when npm ci fails, or no Node of that major can be had (scripts/setup/with-node.sh says why).
 */
export function installWrangler(): void {
  const onNode = (command: string[], cwd = '.') =>
    execFileSync('bash', [WITH_NODE, WRANGLER_NODE, ...command], { cwd, stdio: 'inherit' });
  onNode(['node', '--version']);
  const pinned = JSON.parse(readFileSync(join(EDGE_PACKAGE, 'package.json'), 'utf8')).devDependencies
    .wrangler;
  const installed = join(EDGE_PACKAGE, 'node_modules/wrangler/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === pinned) return;
  onNode(['npm', 'ci', '--no-audit', '--no-fund', '--silent'], EDGE_PACKAGE);
}

/** Stops `server`'s process group (wrangler starts workerd as its child) and waits for it to exit. */
function stopGroup(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => server.once('exit', () => resolveExit()));
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    return Promise.resolve();
  }
  const forced = setTimeout(() => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5_000);
  return exited.finally(() => clearTimeout(forced));
}

/**
 * Starts `wrangler pages dev` on `root` at 127.0.0.1:`port`, and waits until it answers: the probe is a
 * file only this copy holds (`probe`, with `token` as its body), so another server on the port, which
 * a free port can meet before wrangler binds it, is never taken for it.
 * @throws when wrangler exits (e.g. the port was taken) or does not answer within {@link START_LIMIT_MS};
 * it is stopped first.
 */
async function startWrangler(
  root: string,
  port: number,
  state: string,
): Promise<{ server: ChildProcess; output: () => string }> {
  const token = randomUUID();
  const probe = join(root, `pet-ball-probe-${token}.txt`);
  writeFileSync(probe, token);
  const server = spawn(
    'bash',
    [
      WITH_NODE,
      WRANGLER_NODE,
      'node',
      WRANGLER,
      'pages',
      'dev',
      root,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--compatibility-date',
      COMPATIBILITY_DATE,
      '--persist-to',
      state,
      '--log-level',
      'warn',
    ],
    {
      // Its own scratch folder (.wrangler/) goes beside the copy, not into the checkout.
      cwd: dirname(root),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // CI: no prompt and no update check; no metrics sent.
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => void (output = `${output}${chunk}`.slice(-OUTPUT_KEPT));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  try {
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      if (server.exitCode !== null)
        throw new Error(`wrangler pages dev exited with ${server.exitCode}:\n${output}`);
      const body = await fetch(`http://127.0.0.1:${port}/pet-ball-probe-${token}.txt`).then(
        (response) => (response.ok ? response.text() : undefined),
        () => undefined,
      );
      if (body === token) return { server, output: () => output };
      if (Date.now() > deadline)
        throw new Error(
          `wrangler pages dev did not answer on port ${port} within ${START_LIMIT_MS} ms:\n${output}`,
        );
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
  } catch (error) {
    await stopGroup(server);
    throw error;
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Serves a copy of the build in `distDir` with `wrangler pages dev` on 127.0.0.1, on a free port (another
 * one when wrangler exits because the port was taken meanwhile, up to three).
 * @throws when `distDir` has no `_headers` (a build before build/cdn-rules.ts), or wrangler cannot be
 * started (see {@link startWrangler}).
 */
export async function servePages(distDir: string): Promise<PagesServer> {
  if (!existsSync(join(distDir, '_headers'))) throw new Error(`${distDir} has no _headers: build first`);
  const prefix = mkdtempSync(join(tmpdir(), 'pet-ball-pages-'));
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'site');
  cpSync(distDir, root, { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      const { server, output } = await startWrangler(root, port, join(prefix, 'state'));
      const stop = async () => {
        await stopGroup(server);
        rmSync(prefix, { recursive: true, force: true });
      };
      return { baseURL: `http://127.0.0.1:${port}`, root, output, stop };
    } catch (error) {
      if (attempt < 3 && /exited/.test(String(error))) continue;
      rmSync(prefix, { recursive: true, force: true });
      throw error;
    }
  }
}
