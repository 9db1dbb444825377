/**
 * Serves a production build with production's own server (Debian's nginx with deploy/nginx.conf,
 * scripts/nginx.ts) on http://127.0.0.1:<port>/ until stopped (Ctrl-C, SIGTERM): `npm start`, and the
 * server Playwright starts for `npm run test:e2e` when no BASE_URL is given.
 * Usage: tsx scripts/serve.ts [--port 4173] (default 4173). Env: DIST_DIR (default dist).
 * Exit code: 1 when the build is missing or nginx cannot start.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveWithNginx } from './nginx';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const server = await serveWithNginx(resolve(process.env.DIST_DIR ?? 'dist'), { port: Number(values.port) });
console.log(`The shop is served at ${server.baseURL}/ (nginx with deploy/nginx.conf). Ctrl-C stops it.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
