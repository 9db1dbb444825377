/**
 * A static server for the bench that answers like production (deploy/nginx.conf), unlike
 * `vite preview`, which sends every file uncompressed: a file's brotli copy (`.br`, written by
 * scripts/precompress.mjs) to a browser that accepts br, else its gzip copy (`.gz`) to one that
 * accepts gzip, else, as nginx's fallback, gzip on the fly for HTML, CSS, JS, JSON, SVG and text; `/` → index.html, `/checkout` → checkout.html, any other unknown path → 404
 * with 404.html; `Cache-Control: public, max-age=31536000, immutable` for /assets/, `no-cache`
 * otherwise. Transfer sizes, Lighthouse's simulated download times and the real-throttled loads then
 * count the bytes a shopper downloads.
 *
 * For the bench's round-trip test it can also hold every script: with `holdScriptsMs`, each response
 * to a `.js` request (the app's chunks, sw.js) leaves that many ms after the request arrived, while
 * HTML, images and everything else answer at once; `onRequest` hears of every request as it arrives.
 * Each extra wave of script requests a page makes then costs one more hold.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml']);
/** The routes nginx rewrites to a prerendered file. */
const ROUTES = { '/': 'index.html', '/checkout': 'checkout.html' };

/**
 * Serves `distDir` on 127.0.0.1:`port`.
 * @param {string} distDir
 * @param {number} port
 * @param {{holdScriptsMs?: number,
 *   onRequest?: (request: {pathname: string, arrivedAt: number}) => void}} [options]
 *   `holdScriptsMs`: delay (ms) of every response to a request whose path ends in `.js` (default 0);
 *   `onRequest`: called as each request arrives, `arrivedAt` in ms since the epoch (Date.now())
 * @returns {Promise<import('node:http').Server>} the listening server (call `.close()` to stop it;
 *   responses still held are dropped)
 */
export function serveDist(distDir, port, { holdScriptsMs = 0, onRequest } = {}) {
  const root = resolve(distDir);
  const isFile = (path) => existsSync(path) && statSync(path).isFile();
  const held = new Set();
  const server = createServer((request, response) => {
    const arrivedAt = Date.now();
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname);
    } catch {
      pathname = '/';
    }
    onRequest?.({ pathname, arrivedAt });
    let file = ROUTES[pathname] ? join(root, ROUTES[pathname]) : join(root, normalize(pathname));
    let status = 200;
    if (!file.startsWith(root) || !isFile(file)) {
      file = join(root, '404.html');
      status = 404;
    }
    const extension = extname(file);
    let body = readFileSync(file);
    const headers = {
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted) && isFile(`${file}.br`)) {
      body = readFileSync(`${file}.br`);
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepted) && isFile(`${file}.gz`)) {
      body = readFileSync(`${file}.gz`);
      headers['Content-Encoding'] = 'gzip';
    } else if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(accepted)) {
      body = gzipSync(body, { level: 6 });
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (holdScriptsMs > 0 && pathname.endsWith('.js')) {
      const timer = setTimeout(() => {
        held.delete(timer);
        send();
      }, holdScriptsMs);
      held.add(timer);
    } else send();
  });
  server.on('close', () => {
    for (const timer of held) clearTimeout(timer);
    held.clear();
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise(server));
  });
}
