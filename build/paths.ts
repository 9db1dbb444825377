import { fileURLToPath } from 'node:url';

/** Absolute path of `path`, relative to the project's root, e.g. `fromRoot('src/')`. */
export const fromRoot = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The import aliases of the app and the tests' support (helpers, page object, drivers, fixtures) (tsconfig.base.json's `paths`), for vite.config.ts and
 * the build's own bundles (the inline script, the service worker).
 */
export const ALIASES = {
  '@/': fromRoot('src/'),
  '@machines/': fromRoot('machines/'),
  '@support/': fromRoot('tests/support/'),
};
