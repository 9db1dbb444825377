import { usdFormat } from '@/lib/format-money';

/**
 * The app's libraries as separate chunks (vite.config.ts `LIBRARY_CHUNKS`), each importable on its
 * own, in dependency order, after the platform's number formatting. src/main.tsx runs them one per
 * task before the app: the browser evaluates a module graph in one task, so the shop's
 * ~500 kB of script would otherwise be one long task that no tap can interrupt. Each stage module
 * re-exports one binding its library's chunk holds, so importing it evaluates exactly that chunk (a
 * namespace import of the package itself would keep every export and defeat tree-shaking).
 *
 * The first stage creates the dollar formatter ({@link usdFormat}): a page's first
 * `Intl.NumberFormat` costs as much as evaluating React, and runs here while the libraries download.
 */
export const LIBRARY_STAGES: readonly (() => Promise<unknown>)[] = [
  async () => usdFormat(),
  () => import('./libraries/react'),
  () => import('./libraries/react-router'),
  () => import('./libraries/i18n'),
  () => import('./libraries/xstate'),
  () => import('./libraries/styled-components'),
];
