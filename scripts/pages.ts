/**
 * Cloudflare's local Pages server: `wrangler pages dev` (tests/edge/package.json pins wrangler 3, which
 * runs on Node 20) serves a copy of the build with workerd, the runtime of Cloudflare's edge, on
 * 127.0.0.1, reading the build's `_headers` and `_redirects` (scripts/cdn-rules.ts) as Cloudflare Pages
 * does. Used by `npm run test:edge` (scripts/test-edge.ts). Nothing leaves the machine: metrics are off,
 * and the `Request.cf` lookup it cannot make only prints a warning.
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

/** tests/edge: wrangler's own package, installed apart from the shop's. */
export const EDGE_PACKAGE = 'tests/edge';
const WRANGLER = resolve(EDGE_PACKAGE, 'node_modules/wrangler/bin/wrangler.js');
/** The newest date the pinned workerd supports: a later one only prints a warning and falls back. */
const COMPATIBILITY_DATE = '2025-07-18';
/** How long wrangler may take to answer its first request (ms): a guard against a hang. */
const START_LIMIT_MS = 120_000;

/** A build served by the local Pages server: {@link servePages}. */
export interface PagesServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseURL: string;
  /** The folder it serves: {@link deployToPages} deploys into it. */
  readonly root: string;
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

/** Installs the pinned wrangler from tests/edge/package-lock.json when it is missing or another version. */
export function installWrangler(): void {
  const pinned = JSON.parse(readFileSync(join(EDGE_PACKAGE, 'package.json'), 'utf8')).devDependencies
    .wrangler;
  const installed = join(EDGE_PACKAGE, 'node_modules/wrangler/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === pinned) return;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: EDGE_PACKAGE, stdio: 'inherit' });
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
async function startWrangler(root: string, port: number, state: string): Promise<ChildProcess> {
  const token = randomUUID();
  const probe = join(root, `pet-ball-probe-${token}.txt`);
  writeFileSync(probe, token);
  const server = spawn(
    process.execPath,
    [
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
      stdio: ['ignore', 'ignore', 'pipe'],
      // CI: no prompt and no update check; no metrics sent.
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    },
  );
  let errors = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    errors = `${errors}${chunk}`.slice(-4_000);
  });
  try {
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      if (server.exitCode !== null)
        throw new Error(`wrangler pages dev exited with ${server.exitCode}:\n${errors}`);
      const body = await fetch(`http://127.0.0.1:${port}/pet-ball-probe-${token}.txt`).then(
        (response) => (response.ok ? response.text() : undefined),
        () => undefined,
      );
      if (body === token) return server;
      if (Date.now() > deadline)
        throw new Error(
          `wrangler pages dev did not answer on port ${port} within ${START_LIMIT_MS} ms:\n${errors}`,
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
 * @throws when `distDir` has no `_headers` (a build before scripts/cdn-rules.ts), or wrangler cannot be
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
      const server = await startWrangler(root, port, join(prefix, 'state'));
      const stop = async () => {
        await stopGroup(server);
        rmSync(prefix, { recursive: true, force: true });
      };
      return { baseURL: `http://127.0.0.1:${port}`, root, stop };
    } catch (error) {
      if (attempt < 3 && /exited/.test(String(error))) continue;
      rmSync(prefix, { recursive: true, force: true });
      throw error;
    }
  }
}
