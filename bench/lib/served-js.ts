/**
 * The landing page's JavaScript as the project's nginx sends it (deploy/nginx.conf, served by
 * scripts/hosting/nginx.ts from a copy of the build): the bytes of every landing script's response body to a
 * browser that accepts brotli (`Accept-Encoding: gzip, deflate, br, zstd`, as Chromium sends), to one
 * that accepts only gzip, and to one that accepts neither, next to the files' own figures (the
 * scripts, and the scripts at brotli 11 and gzip -9, as build/precompress.ts compresses them). The
 * landing scripts are every `assets/*.js` but the checkout route's chunk and the service worker's
 * registration (loaded once the app is interactive), as in `.size-limit.cjs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { serveWithNginx } from '../../scripts/hosting/nginx.ts';
import { brotli, gzip } from '../../build/precompress.ts';

/** A client of the table: accepts brotli, only gzip, or neither. */
export type Client = 'brotli' | 'gzipOnly' | 'identity';

/** The client's `Accept-Encoding` per column (none for `identity`). */
export const CLIENTS: Readonly<Record<Client, string | undefined>> = {
  brotli: 'gzip, deflate, br, zstd',
  gzipOnly: 'gzip, deflate',
  identity: undefined,
};

/**
 * What {@link measureServedJs} returns: the landing scripts' names; per client the body bytes nginx
 * sent for them all and the Content-Encodings it used; the files' own bytes, raw and compressed.
 */
export interface ServedJs {
  readonly scripts: readonly string[];
  readonly served: Record<Client, { bytes: number; encodings: string[] }>;
  readonly files: { raw: number; br: number; gz: number };
}

/** The body bytes nginx sends for `url` with `acceptEncoding`, and its Content-Encoding. */
function bodyBytes(url: string, acceptEncoding: string | undefined): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Measures the build in `distDir` (see the file's header); bytes summed over the landing scripts.
 * @throws when nginx cannot serve the build or a request fails
 */
export async function measureServedJs(distDir: string): Promise<ServedJs> {
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
    const served = {} as ServedJs['served'];
    for (const [client, acceptEncoding] of Object.entries(CLIENTS) as [Client, string | undefined][]) {
      const sent = { bytes: 0, encodings: [] as string[] };
      for (const name of scripts) {
        const { bytes, encoding } = await bodyBytes(`${baseURL}/assets/${name}`, acceptEncoding);
        sent.bytes += bytes;
        if (!sent.encodings.includes(encoding)) sent.encodings.push(encoding);
      }
      served[client] = sent;
    }
    return { scripts, served, files };
  } finally {
    await stop();
  }
}
