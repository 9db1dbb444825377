/**
 * Writes docs/test-paths.md, the catalogue of the generated model paths that testers read and review:
 * every path of both model suites as numbered shopper steps with what is checked after each, the
 * coverage table and the bounds (tests/model/path-catalogue.ts).
 * tests/scripts/generate-test-paths.test.ts fails when the committed page is stale.
 *
 * Usage: `npm run docs:test-paths` (writes the page); `npm run test:model:list` (`--list`: prints
 * every path's events, one per line, and runs nothing).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { pathCatalogueMarkdown, pathList } from '@tests/model/path-catalogue';

/** Where the page is written, from the repository root. */
export const TEST_PATHS_DOC = 'docs/test-paths.md';

/** The whole page, formatted with the project's Prettier settings (so `npm run format` leaves it be). */
export async function renderTestPathsDoc(): Promise<string> {
  const options = await prettier.resolveConfig(
    fileURLToPath(new URL(`../${TEST_PATHS_DOC}`, import.meta.url)),
  );
  return prettier.format(pathCatalogueMarkdown(), { ...options, parser: 'markdown' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--list')) {
    console.log(pathList());
  } else {
    writeFileSync(new URL(`../${TEST_PATHS_DOC}`, import.meta.url), await renderTestPathsDoc());
    console.log(`Wrote ${TEST_PATHS_DOC}.`);
  }
}
