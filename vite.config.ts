import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ALIASES, fromRoot } from './build/paths.ts';
import { productionBuild } from './build/production-build.ts';
import { stripMachineDescriptions } from './build/strip-machine-descriptions.ts';
import { writeCdnRules } from './build/cdn-rules.ts';

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
 * `//# allFunctionsCalledOnLoad`, so Chromium compiles all of its functions up front, off the main
 * thread as the file downloads (publishing the result takes a main-thread task of 6–14 ms at 1×, and
 * the evaluation is that much shorter: decision 0003), instead of lazily inside the first tap that
 * calls them (the first colour tap spent most of its handler time compiling). Other engines read a
 * comment.
 */
const EAGERLY_COMPILED_CHUNKS = new Set(['react', 'vendor', 'start', 'checkout-page']);

/**
 * Vite configuration: the dev server and the production build, whose steps after the client build
 * (prerender, release file, service worker, compressed copies, then the CDN's rules of
 * build/cdn-rules.ts) are the plugin of build/production-build.ts
 * (the test projects: vitest.config.ts).
 * Env: DIST_DIR (the build's directory, default `dist`), SITE_URL (the deployed shop's origin for its
 * canonical, Open Graph and sitemap URLs, default https://pet-ball-pro.example).
 */
export default defineConfig({
  plugins: [
    react(),
    stripMachineDescriptions(),
    productionBuild({
      siteUrl: process.env.SITE_URL ?? 'https://pet-ball-pro.example',
      lastSteps: [writeCdnRules],
    }),
  ],
  resolve: { alias: ALIASES },
  build: {
    // DIST_DIR lets parallel browser-test runs build and serve separate copies.
    outDir: process.env.DIST_DIR ?? 'dist',
    // Also when DIST_DIR lies outside the project: a stale file would be precached by the worker.
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill or runtime preload helper: every engine the shop supports has
    // `<link rel="modulepreload">`, and build/prerender.ts lists the scripts each page preloads.
    modulePreload: false,
    // .vite/manifest.json: build/prerender.ts and the size-budget test read the chunk graph from it.
    manifest: true,
    rollupOptions: {
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
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
            const stage = fromRoot(`src/boot/libraries/${name}.ts`);
            return { name, test: (id: string) => inPackages.test(id) || id === stage };
          }),
        },
      },
    },
  },
});
