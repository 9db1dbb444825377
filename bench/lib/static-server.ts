/**
 * The bench's second kind of server: a plain static host, Vercel's `serve` (pinned in
 * bench/package.json) with its defaults, what a build put on any static host gets: clean URLs
 * (`/checkout` answers checkout.html), 404.html for an unknown path, gzip made on the fly (the
 * `compression` middleware), no brotli, none of deploy/nginx.conf's headers. `npm run bench --
 * --server serve` measures the pages behind it instead of nginx.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { waitForServer } from './server.ts';

/** `serve`'s command, from bench/'s own dependencies. */
const SERVE = fileURLToPath(new URL('../node_modules/serve/build/main.js', import.meta.url));

/** A running `serve`: its origin, and `stop` (resolves once its process has exited). */
export interface StaticServer {
  readonly baseURL: string;
  stop(): Promise<void>;
}

/**
 * Serves `distDir` with `serve` on 127.0.0.1:`port` and resolves once `/` answers.
 * @throws (rejects) when `/` does not answer within 30 s; the process is stopped first
 */
export async function serveStatic(distDir: string, { port }: { port: number }): Promise<StaticServer> {
  const child = spawn(process.execPath, [SERVE, '--no-clipboard', '--listen', `tcp://127.0.0.1:${port}`, distDir], {
    // Its update check would ask the registry at every start.
    env: { ...process.env, NO_UPDATE_CHECK: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseURL}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
