/**
 * bench/, the bench's own package: its directory, its command-line tools (Lighthouse, Lighthouse CI,
 * size-limit) and their versions, installed by `npm ci --prefix bench` (npm run bench does it first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/, absolute, with its trailing slash. */
export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The path of a command-line tool of bench/'s own dependencies, e.g. `bin('lhci')`. */
export const bin = (name: string): string => join(BENCH_DIR, 'node_modules', '.bin', name);

/**
 * The version of one of bench/'s own packages, e.g. `packageVersion('lighthouse')`.
 * @throws when the package is not installed
 */
export function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(BENCH_DIR, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
