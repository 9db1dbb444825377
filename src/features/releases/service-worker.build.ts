/**
 * The releases' build step (run by build/production-build.ts after the prerender: the pages it
 * precaches are the prerendered ones, so it must see them as they ship): writes the service worker
 * ({@link SERVICE_WORKER_FILE}) into the client build.
 * 1. bundles ./service-worker.ts with Workbox's modules (Vite, one classic script, minified: the
 *    Workbox runtime is inlined, no `importScripts`, no other origin);
 * 2. injects the precache manifest with workbox-build's `injectManifest`: every page by the URL
 *    production serves it at ({@link PAGES}; deploy/nginx.conf serves `*.html` by route only), each
 *    revisioned by a hash of its content; every hashed file of `assets/` (its name is its revision);
 *    the images, icons, favicon and web app manifest. Never the release file (the page asks the
 *    network for it, src/features/checkout-download/load-checkout.ts), robots.txt, sitemap.xml,
 *    `.vite/` or the compressed copies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { PAGES, RELEASE_FILE, SERVICE_WORKER_FILE } from '../../lib/shared-names.ts';

/** URL in the precache manifest of each page file, as workbox-build lists it (`/index.html`). */
const URL_OF_PAGE_FILE = new Map(Object.values(PAGES).map(({ file, url }) => [`/${file}`, url]));

/**
 * Bundles the worker and writes it with its precache manifest as `<outDir>/sw.js`.
 * @param aliases the app's import aliases (build/paths.ts), which the worker's imports use
 * @returns what it precaches: files and bytes, and workbox-build's warnings
 * @throws when a page is missing, the worker does not bundle to one script, or the manifest would
 *   hold the release file.
 */
export async function buildServiceWorker(
  outDir: string,
  aliases: Record<string, string>,
): Promise<{ count: number; size: number; warnings: string[] }> {
  const bundled = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: aliases },
    // Workbox logs only when NODE_ENV is not production.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: {
        entry: fileURLToPath(new URL('./service-worker.ts', import.meta.url)),
        formats: ['iife'],
        name: 'petBallWorker',
      },
    },
  });
  const result = Array.isArray(bundled) ? bundled[0] : bundled;
  const chunks = result && 'output' in result ? result.output : [];
  if (chunks.length !== 1 || chunks[0]?.type !== 'chunk')
    throw new Error('The service worker did not bundle to one script');

  const scratch = mkdtempSync(join(tmpdir(), 'pet-ball-sw-'));
  try {
    const source = join(scratch, 'service-worker.js');
    writeFileSync(source, chunks[0].code);
    return await injectManifest({
      swSrc: source,
      swDest: join(outDir, SERVICE_WORKER_FILE),
      globDirectory: outDir,
      globPatterns: [
        ...Object.values(PAGES).map(({ file }) => file),
        'assets/**',
        '**/*.{svg,png,webp,webmanifest,woff2}',
      ],
      // Never the compressed copies build/precompress.ts writes beside files (the server picks those).
      globIgnores: [SERVICE_WORKER_FILE, RELEASE_FILE, '**/*.br', '**/*.gz'],
      // Hashed names never change content: no revision, no cache-busting query.
      dontCacheBustURLsMatching: /^\/assets\//,
      modifyURLPrefix: { '': '/' },
      manifestTransforms: [
        (entries) => {
          const manifest = entries.map((entry) => ({
            ...entry,
            url: URL_OF_PAGE_FILE.get(entry.url) ?? entry.url,
          }));
          for (const { url } of Object.values(PAGES))
            if (!manifest.some((entry) => entry.url === url))
              throw new Error(`${outDir} has no page for ${url}: run the prerender first`);
          if (manifest.some((entry) => entry.url === `/${RELEASE_FILE}`))
            throw new Error(`${RELEASE_FILE} must never be precached`);
          return { manifest, warnings: [] };
        },
      ],
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
