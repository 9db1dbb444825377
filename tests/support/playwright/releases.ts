import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeNextRelease } from '@support/fixtures/make-next-release';

/** The production build the browser tests run against (`DIST_DIR`, as in scripts/test/run-e2e.ts). */
export const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');

/** Site-root path of the build's file in `assets/` whose name starts with `prefix`, e.g. `checkout-page`. */
export function assetOf(distDir: string, prefix: string): string {
  const file = readdirSync(join(distDir, 'assets')).find((name) =>
    new RegExp(`^${prefix}-[^.]+\\.js$`).test(name),
  );
  if (!file) throw new Error(`${distDir}/assets has no ${prefix}-*.js: build first`);
  return `/assets/${file}`;
}

/**
 * A RegExp matching URLs whose path ends in `path` exactly, whatever their query (a retry of the
 * checkout's download asks for `…/checkout-page-<hash>.js?attempt=N`); for `injectedFailures`.
 */
export function urlEndingIn(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?[^#]*)?$`);
}

/**
 * Builds a "new release" of {@link DIST_DIR} (tests/support/fixtures/make-next-release.ts: every hashed asset
 * renamed) in a fresh temporary directory and returns its path; `remove` deletes it.
 */
export function makeReleaseCopy(salt: string): { dir: string; remove: () => void } {
  const parent = mkdtempSync(join(tmpdir(), 'pet-ball-release-'));
  const dir = join(parent, 'dist');
  makeNextRelease(DIST_DIR, dir, salt);
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
