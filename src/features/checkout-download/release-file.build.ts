/**
 * The checkout download's build step (run by build/production-build.ts after the prerender): writes
 * the release file ({@link RELEASE_FILE}) into the build, the landing page's module scripts, with
 * which an open page whose checkout code failed to download tells a new release from an outage
 * (./load-checkout.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES, RELEASE_FILE } from '../../lib/shared-names.ts';

/**
 * Writes `<outDir>/release.json`: `{ "moduleScripts": [site-root paths, sorted] }`.
 * @throws when the landing page has no module script.
 */
export function writeReleaseFile(outDir: string): void {
  const landing = readFileSync(join(outDir, PAGES.landing.file), 'utf8');
  const moduleScripts = [...landing.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)]
    .map(([, src = '']) => new URL(src, 'https://shop.invalid/').pathname)
    .sort();
  if (moduleScripts.length === 0) throw new Error('index.html has no module script to name the release by');
  writeFileSync(join(outDir, RELEASE_FILE), `${JSON.stringify({ moduleScripts })}\n`);
}
