/**
 * The checkout download's build step (run by build/production-build.ts after the prerender): writes
 * the release file ({@link RELEASE_FILE}) into the build, naming the landing page's entry module, with
 * which an open page whose checkout code failed to download tells a new release from an outage
 * (./load-checkout.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ENTRY_META, PAGES, RELEASE_FILE } from '../../lib/shared-names.ts';

/**
 * Writes `<outDir>/release.json`: `{ "moduleScripts": [the entry's site-root path] }` (a list, as
 * pages of every earlier release read it).
 * @throws when the landing page names no entry module.
 */
export function writeReleaseFile(outDir: string): void {
  const landing = readFileSync(join(outDir, PAGES.landing.file), 'utf8');
  const entry = new RegExp(`<meta name="${APP_ENTRY_META}" content="([^"]+)"`).exec(landing)?.[1];
  if (entry === undefined) throw new Error('index.html names no entry module to name the release by');
  const moduleScripts = [new URL(entry, 'https://shop.invalid/').pathname];
  writeFileSync(join(outDir, RELEASE_FILE), `${JSON.stringify({ moduleScripts })}\n`);
}
