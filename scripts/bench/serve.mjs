/**
 * A static server for the bench that answers like production (deploy/nginx.conf), unlike
 * `vite preview`, which sends every file uncompressed: a file's brotli copy (`.br`, written by
 * scripts/precompress.mjs) to a browser that accepts br, else its gzip copy (`.gz`) to one that
 * accepts gzip, else, as nginx's fallback, gzip on the fly for HTML, CSS, JS, JSON, SVG and text; `/` → index.html, `/checkout` → checkout.html, any other unknown path → 404
 * with 404.html; `Cache-Control: public, max-age=31536000, immutable` for /assets/, `no-cache`
 * otherwise. Transfer sizes, Lighthouse's simulated download times and the real-throttled loads then
 * count the bytes a shopper downloads.
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
 * @returns {Promise<import('node:http').Server>} the listening server (call `.close()` to stop it)
 */
export function serveDist(distDir, port) {
  const root = resolve(distDir);
  const isFile = (path) => existsSync(path) && statSync(path).isFile();
  const server = createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname);
    } catch {
      pathname = '/';
    }
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
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise(server));
  });
}
