/**
 * `npm run statecharts:diff` (scripts/docs/statecharts-diff.ts), run as a reviewer runs it: its exit
 * code and its Markdown. The changed charts come from a commit made for the test with git's plumbing
 * (a blob, a tree, a commit no branch points at), so neither the working tree nor a ref is touched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'statecharts-diff-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the script as `npm run statecharts:diff -- …` does; its exit code and output. */
function statechartsDiff(...refs: string[]) {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './scripts/docs/stately-extractor-hooks.ts',
      'scripts/docs/statecharts-diff.ts',
      ...refs,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const git = (args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', ...options }).trim();

/** A commit on HEAD whose machine files are HEAD's with `edit` applied to each, made without a checkout. */
function commitWith(edits: Record<string, (source: string) => string>): string {
  const env = {
    ...process.env,
    GIT_INDEX_FILE: join(scratch, 'index'),
    GIT_AUTHOR_NAME: 'test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };
  git(['read-tree', 'HEAD'], { env });
  for (const [file, edit] of Object.entries(edits)) {
    const source = git(['show', `HEAD:${file}`]);
    const edited = edit(source);
    expect(edited, `the edit of ${file} changes it`).not.toBe(source);
    const blob = git(['hash-object', '-w', '--stdin'], { input: `${edited}\n` });
    git(['update-index', '--cacheinfo', `100644,${blob},${file}`], { env });
  }
  const tree = git(['write-tree'], { env });
  return git(['commit-tree', tree, '-p', 'HEAD', '-m', 'statecharts:diff test'], { env });
}

describe('npm run statecharts:diff', { timeout: 300_000 }, () => {
  it('exits 0 when the charts are equal', () => {
    const { status, stdout } = statechartsDiff('HEAD', 'HEAD');
    expect(stdout).toContain('The charts are equal.');
    expect(status).toBe(0);
  });

  it('exits 1 and lists what changed and what it touches', () => {
    const changed = commitWith({
      'machines/checkout-machine.ts': (source) =>
        source.replace("The shopper follows 'Back to Shop'.", 'The shopper follows the Back to Shop link.'),
      'machines/storefront-machine.ts': (source) =>
        source.replace('TOAST_DURATION_MS = 3000', 'TOAST_DURATION_MS = 4000'),
    });
    const { status, stdout } = statechartsDiff('HEAD', changed);
    expect(status).toBe(1);
    expect(stdout).toContain(`# Statechart changes: \`HEAD\` → \`${changed}\``);
    expect(stdout).toContain('- `transition stayed on shop.return #1` (description)');
    expect(stdout).toContain('the Back to Shop link.');
    expect(stdout).toContain('- `delay toastDuration` (length)');
    expect(stdout).toContain('after: `delay toastDuration: 4000 ms`');
    expect(stdout).toContain('States: `checkout.stayed`, `storefront.toast.visible`');
    expect(stdout).toContain('docs/states/checkout-stayed-1280x800.png');
    expect(stdout).toContain('docs/states/storefront-toast-visible-375x812.png');
    expect(stdout).toMatch(
      /- \*\*R9\.9\*\* toast after 'Add to Cart': 3 s\n {2}- tests: .*tests\/unit\/machines\/storefront-machine\.test\.ts/,
    );
    expect(stdout).toMatch(/Covering paths that pass through them \(docs\/test-paths\.md\): [1-9]/);
  });

  it('exits 2 naming a ref it cannot read', () => {
    const { status, stderr } = statechartsDiff('no-such-ref');
    expect(stderr).toContain('Cannot read the machines at no-such-ref');
    expect(status).toBe(2);
  });

  it('is the npm script of that name', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['statecharts:diff']).toBe(
      'tsx --import ./scripts/docs/stately-extractor-hooks.ts scripts/docs/statecharts-diff.ts',
    );
  });
});
