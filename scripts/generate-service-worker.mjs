#!/usr/bin/env node
/**
 * Writes the service worker `sw.js` into the client build, after scripts/prerender.mjs (the third step
 * of `npm run build`): the pages it precaches are the prerendered ones, so it must see them as they
 * ship.
 * 1. bundles src/features/releases/service-worker.ts with Workbox's modules (Vite, one classic script,
 *    minified: the Workbox runtime is inlined, no `importScripts`, no other origin);
 * 2. injects the precache manifest with workbox-build's `injectManifest`: every page by its route
 *    (`index.html` → `/`, `checkout.html` → `/checkout`; deploy/nginx.conf serves `*.html` by route
 *    only) and the not-found page as `/404.html`, each revisioned by a hash of its content; every
 *    hashed file of `assets/` (its name is its revision); the images, icons, favicon and web app
 *    manifest. Never `release.json` (the page asks the network for it to tell a new release from an
 *    outage, src/features/checkout-download/load-checkout.ts), robots.txt, sitemap.xml or `.vite/`.
 * Prints what it precached: files and bytes.
 * Env: DIST_DIR (the client build, default `dist`).
 * Exit code: non-zero when a page is missing or the bundle has no single injection point.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

const outDir = resolve(process.env.DIST_DIR ?? 'dist');
/**
 * The worker's file in the build: served at `/sw.js`, scope `/`
 * (src/features/releases/workbox-registration.ts).
 */
export const SERVICE_WORKER_FILE = 'sw.js';
/** Pages by the route production serves them at. */
const ROUTE_OF_PAGE = { '/index.html': '/', '/checkout.html': '/checkout', '/404.html': '/404.html' };

const bundled = await build({
  configFile: false,
  logLevel: 'warn',
  // Workbox logs only when NODE_ENV is not production.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    write: false,
    copyPublicDir: false,
    target: 'es2022',
    lib: {
      entry: resolve('src/features/releases/service-worker.ts'),
      formats: ['iife'],
      name: 'petBallWorker',
    },
  },
});
const [{ output: chunks }] = Array.isArray(bundled) ? bundled : [bundled];
if (chunks.length !== 1) throw new Error('The service worker did not bundle to one script');

const scratch = mkdtempSync(join(tmpdir(), 'pet-ball-sw-'));
try {
  const source = join(scratch, 'service-worker.js');
  writeFileSync(source, chunks[0].code);
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: join(outDir, SERVICE_WORKER_FILE),
    globDirectory: outDir,
    globPatterns: [
      'index.html',
      'checkout.html',
      '404.html',
      'assets/**',
      '**/*.{svg,png,webp,webmanifest,woff2}',
    ],
    // Never the compressed copies scripts/precompress.mjs writes beside files (the server picks those).
    globIgnores: [SERVICE_WORKER_FILE, 'release.json', '**/*.br', '**/*.gz'],
    // Hashed names never change content: no revision, no cache-busting query.
    dontCacheBustURLsMatching: /^\/assets\//,
    modifyURLPrefix: { '': '/' },
    manifestTransforms: [
      (entries) => {
        const manifest = entries.map((entry) => ({ ...entry, url: ROUTE_OF_PAGE[entry.url] ?? entry.url }));
        for (const route of Object.values(ROUTE_OF_PAGE))
          if (!manifest.some((entry) => entry.url === route))
            throw new Error(`${outDir} has no page for ${route}: run the prerender first`);
        if (manifest.some((entry) => entry.url === '/release.json'))
          throw new Error('release.json must never be precached');
        return { manifest, warnings: [] };
      },
    ],
  });
  for (const warning of warnings) console.warn(`generate-service-worker: ${warning}`);
  console.log(`service worker ${SERVICE_WORKER_FILE}: precaches ${count} files, ${size} bytes`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
