/**
 * The dev server's tools never reach the production bundle: a production build contains none of
 * `@statelyai/inspect`, found by strings that only that library has, and none of the state links
 * (src/dev/state-link/), found by their messages and a link's name. A build where
 * `import.meta.env.DEV` is forced on does contain them, so the search can find them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Strings of @statelyai/inspect's browser inspector: its connection message and its window's name. */
const MARKERS = ['@statelyai.connected', 'xstateinspector'];
/** Strings of the state links: the id of their message, one of its texts, a link's name. */
const STATE_LINK_MARKERS = ['state-link-message', 'ended elsewhere', 'storefront.cart.open.waitingToRetry'];

const outDirs: string[] = [];

/** Builds the app with Vite in production mode (its own process) and returns the text of every file written. */
function buildApp(define: Record<string, string> = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), 'inspector-bundle-'));
  outDirs.push(outDir);
  const script = `import { build } from 'vite';
    await build({ logLevel: 'silent', define: ${JSON.stringify(define)}, build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true } });`;
  execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

afterAll(() => {
  for (const outDir of outDirs) rmSync(outDir, { recursive: true, force: true });
});

// Each test runs a production build of its own.
describe('the production bundle', { timeout: 300_000 }, () => {
  it('names the markers that only @statelyai/inspect has', () => {
    const library = readFileSync(require.resolve('@statelyai/inspect'), 'utf8');
    for (const marker of MARKERS) expect(library).toContain(marker);
  });

  it('contains no inspector code and no state links', () => {
    const bundle = buildApp();
    expect(bundle).toContain('Pet Ball Pro');
    for (const marker of [...MARKERS, ...STATE_LINK_MARKERS]) expect(bundle).not.toContain(marker);
  });

  it('would contain them if the dev-only guard were on (the search can fail)', () => {
    const bundle = buildApp({ 'import.meta.env.DEV': 'true' });
    for (const marker of [...MARKERS, ...STATE_LINK_MARKERS]) expect(bundle).toContain(marker);
  });
});
