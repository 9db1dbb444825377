/**
 * The landing page's JavaScript as the project's nginx sends it (deploy/nginx.conf, served by
 * scripts/nginx.ts from a copy of the build): the bytes of every landing script's response body to a
 * browser that accepts brotli (`Accept-Encoding: gzip, deflate, br, zstd`, as Chromium sends), to one
 * that accepts only gzip, and to one that accepts neither, next to the files' own figures (the
 * scripts, and the scripts at brotli 11 and gzip -9, as build/precompress.ts compresses them). The
 * landing scripts are every `assets/*.js` but the checkout route's chunk and the service worker's
 * registration (loaded once the app is interactive), as in `.size-limit.cjs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { serveWithNginx } from '../../scripts/nginx.ts';
import { brotli, gzip } from '../../build/precompress.ts';

/** The client's `Accept-Encoding` per column. */
export const CLIENTS = { brotli: 'gzip, deflate, br, zstd', gzipOnly: 'gzip, deflate', identity: undefined };

/** The body bytes nginx sends for `url` with `acceptEncoding`, and its Content-Encoding. */
function bodyBytes(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Measures the build in `distDir` (see the file's header).
 * @returns {Promise<{ scripts: string[], served: Record<string, { bytes: number, encodings: string[] }>, files: { raw: number, br: number, gz: number } }>}
 *   bytes summed over the landing scripts
 */
export async function measureServedJs(distDir) {
  const scripts = readdirSync(join(distDir, 'assets')).filter(
    (name) => name.endsWith('.js') && !name.startsWith('checkout-page-') && !name.startsWith('workbox-registration-'),
  );
  const files = { raw: 0, br: 0, gz: 0 };
  for (const name of scripts) {
    const data = readFileSync(join(distDir, 'assets', name));
    files.raw += data.length;
    files.br += brotli(data).length;
    files.gz += gzip(data).length;
  }
  const { baseURL, stop } = await serveWithNginx(distDir);
  try {
    const served = {};
    for (const [client, acceptEncoding] of Object.entries(CLIENTS)) {
      served[client] = { bytes: 0, encodings: [] };
      for (const name of scripts) {
        const { bytes, encoding } = await bodyBytes(`${baseURL}/assets/${name}`, acceptEncoding);
        served[client].bytes += bytes;
        if (!served[client].encodings.includes(encoding)) served[client].encodings.push(encoding);
      }
    }
    return { scripts, served, files };
  } finally {
    await stop();
  }
}
