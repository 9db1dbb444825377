/**
 * Serves a production build on http://127.0.0.1:<port>/ until stopped (Ctrl-C, SIGTERM), and prints
 * one line saying with which server: `npm start` and `npm run preview`. With nginx and
 * deploy/nginx.conf (scripts/hosting/nginx.ts) when nginx and its brotli_static module are installed, as in
 * production; otherwise with Node (scripts/hosting/node-server.ts: Vite's preview server answering by
 * deploy/nginx.conf's routes and headers), the line saying why and what differs. With `--nginx`, nginx
 * only, installing it as root with apt-get (scripts/hosting/nginx.ts): the server `npm run test:e2e` starts
 * (playwright.config.ts) when no BASE_URL is given.
 * Usage: tsx scripts/hosting/serve.ts [--port 4173] [--nginx] (default port 4173). Env: DIST_DIR (default
 * dist), NGINX_PATH (scripts/hosting/nginx.ts).
 * Exit code: 1 when the build is missing, or the server cannot start.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { installedNginx, serveWithNginx } from './nginx';
import { serveWithNode, UNLIKE_NGINX } from './node-server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4173' }, nginx: { type: 'boolean', default: false } },
});
const port = Number(values.port);
const distDir = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`${distDir} has no index.html: build first (npm run build).`);
  process.exit(1);
}

const nginx = values.nginx ? undefined : installedNginx();
let server: { baseURL: string; stop(): Promise<void> };
let line: string;
if (nginx === undefined || 'nginx' in nginx) {
  server = await serveWithNginx(distDir, { port });
  line = `with nginx${nginx ? ` (${nginx.nginx})` : ''} and deploy/nginx.conf, as in production`;
} else {
  server = await serveWithNode(distDir, { port });
  line =
    `with Node (Vite's preview server) by deploy/nginx.conf's routes, headers and compressed copies, ` +
    `as ${nginx.missing}; unlike production, ${UNLIKE_NGINX}`;
}
console.log(`The shop is served at ${server.baseURL}/ ${line}. Ctrl-C stops it.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
