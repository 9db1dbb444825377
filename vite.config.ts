import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Vite (build, dev server, preview) and Vitest (jsdom unit and component tests) configuration. */
export default defineConfig({
  plugins: [react()],
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
    target: 'es2022',
    sourcemap: false,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./tests/setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Inlined so a test can load a fresh copy (the detector caches whether storage works).
    server: { deps: { inline: ['i18next-browser-languagedetector'] } },
  },
});
