/**
 * The app's libraries as two chunks (vite.config.ts `LIBRARY_CHUNKS`), each importable on its own, in
 * dependency order. src/main.tsx runs them one per task before the app: the browser evaluates a module
 * graph in one task, so the shop's ~500 kB of script would otherwise be one long task that no tap can
 * interrupt. Two chunks, not one per library, so that a page's scripts (these, the bundler's runtime,
 * the entry, the shop and on /checkout the checkout page) stay within the 6 connections a browser opens
 * to one HTTP/1.1 server and download in one round trip. Each stage module re-exports one binding of
 * each library its chunk holds, so importing it evaluates exactly that chunk (a namespace import of a
 * package would keep every export and defeat tree-shaking).
 */
export const LIBRARY_STAGES: readonly (() => Promise<unknown>)[] = [
  () => import('./libraries/react'),
  () => import('./libraries/vendor'),
];
