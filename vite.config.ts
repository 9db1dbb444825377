import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `vite preview` answers a page request for an unknown path as production does (deploy/nginx.conf):
 * status 404 with the prerendered `404.html`, instead of Vite's SPA fallback to `index.html` (the
 * landing page, which the client would then replace). Files and `<path>.html` pages are served as
 * usual; a build without `404.html` (plain `vite build`) keeps the SPA fallback.
 */
function previewNotFoundPage(): Plugin {
  return {
    name: 'preview-not-found-page',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
      server.middlewares.use((request, response, next) => {
        const notFoundPage = join(outDir, '404.html');
        const accept = request.headers.accept ?? '*/*';
        // The same requests Vite's own HTML fallback treats as page requests.
        const wantsPage =
          request.method === 'GET' && (accept.includes('text/html') || accept.includes('*/*'));
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://preview').pathname);
        } catch {
          return next();
        }
        const known =
          pathname === '/' || isFile(join(outDir, pathname)) || isFile(join(outDir, `${pathname}.html`));
        if (!wantsPage || known || !isFile(notFoundPage)) return next();
        response.statusCode = 404;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(readFileSync(notFoundPage));
      });
    },
  };
}

/**
 * The libraries the app's script is split into (src/boot/library-stages.ts evaluates them in this
 * order): each chunk's name (also the name of its stage module, src/boot/libraries/<name>.ts) and the
 * npm packages it holds, with the packages only they use. Everything else (the shop's own code, icons)
 * is the `start` chunk. Two chunks keep every page within one round trip of an HTTP/1.1 server's 6
 * connections (src/boot/library-stages.ts).
 */
const LIBRARY_CHUNKS = [
  {
    name: 'react',
    packages: ['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser'],
  },
  {
    name: 'vendor',
    packages: [
      'i18next',
      'i18next-browser-languagedetector',
      'react-i18next',
      'html-parse-stringify',
      'void-elements',
      'xstate',
      '@xstate/react',
      'use-sync-external-store',
      'styled-components',
      'stylis',
      '@emotion',
      'tslib',
      'css-to-react-native',
    ],
  },
];

/**
 * The chunks whose functions a shopper's first taps run: React with React Router (its update and
 * commit paths, navigation), the other libraries (XState's transitions), the shop (`start`: handlers,
 * components) and the checkout page (rendered by 'Proceed to Checkout'). Each starts with V8's explicit compile hint
 * `//# allFunctionsCalledOnLoad`, so Chromium compiles all of its functions up front with the file
 * (as it downloads; traces of a 4× load show no longer task) instead of lazily inside the first tap
 * that calls them (the first colour tap spent most of its handler time compiling). Other
 * engines read a comment.
 */
const EAGERLY_COMPILED_CHUNKS = new Set(['react', 'vendor', 'start', 'checkout-page']);

/** Vite configuration: build, dev server and preview (the test projects: vitest.config.ts). */
export default defineConfig({
  plugins: [react(), previewNotFoundPage()],
  resolve: {
    alias: {
      '@/': fromRoot('./src/'),
      '@machines/': fromRoot('./machines/'),
      '@tests/': fromRoot('./tests/'),
    },
  },
  build: {
    // DIST_DIR lets parallel browser-test runs build and serve separate copies.
    outDir: process.env.DIST_DIR ?? 'dist',
    // Also when DIST_DIR lies outside the project: a stale file would be precached by the worker.
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill or runtime preload helper: every engine the shop supports has
    // `<link rel="modulepreload">`, and scripts/prerender.mjs writes the preloads each page needs.
    modulePreload: false,
    // .vite/manifest.json: scripts/prerender.mjs and the size-budget test read the chunk graph from it.
    manifest: true,
    rollupOptions: {
      output: {
        // After minification, which would drop the comment; V8 reads it only as a file's first line.
        // (Other chunks get an empty first line: an addon function cannot return nothing.)
        postBanner: (chunk) =>
          EAGERLY_COMPILED_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
        // One chunk per library, which the entry evaluates one task at a time after the first paint
        // (src/boot/library-stages.ts), instead of one long task for the whole app.
        codeSplitting: {
          groups: LIBRARY_CHUNKS.map(({ name, packages }) => {
            const inPackages = new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
            // The chunk's stage module joins it, so importing the stage loads one file.
            const stage = fromRoot(`./src/boot/libraries/${name}.ts`);
            return { name, test: (id: string) => inPackages.test(id) || id === stage };
          }),
        },
      },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
});
