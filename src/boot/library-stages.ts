/**
 * The app's libraries as separate chunks (vite.config.ts `LIBRARY_CHUNKS`), each importable on its
 * own, in dependency order. src/main.tsx runs them one per
 * task before the app: the browser evaluates a module graph in one task, so the shop's
 * ~500 kB of script would otherwise be one long task that no tap can interrupt. Each stage module
 * re-exports one binding its library's chunk holds, so importing it evaluates exactly that chunk (a
 * namespace import of the package itself would keep every export and defeat tree-shaking).
 */
export const LIBRARY_STAGES: readonly (() => Promise<unknown>)[] = [
  () => import('./libraries/react'),
  () => import('./libraries/react-router'),
  () => import('./libraries/i18n'),
  () => import('./libraries/xstate'),
  () => import('./libraries/styled-components'),
];
