/**
 * The Mozilla HTTP Observatory (`@mdn/mdn-http-observatory`, the scanner behind MDN's HTTP Observatory)
 * run on a site served over TLS on 127.0.0.1: tests/hosting/observatory/observatory.node-test.ts grades it and
 * checks each test's outcome. Used by scripts/test/test-nginx.ts (nginx) and scripts/test/test-edge.ts (the
 * local Pages server behind a TLS front).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeTestArgs } from './node-test.ts';

/** tests/hosting/observatory: the scanner's own package, installed apart from the shop's. */
const OBSERVATORY_DIR = 'tests/hosting/observatory';
const SCANNER = '@mdn/mdn-http-observatory';

/**
 * Installs the scanner from its lockfile (scripts off: its postinstall would download the HSTS preload
 * list and the list of top-level domains) and stubs those two lists: this site is on neither, and
 * nothing outside can be reached.
 */
function installObservatory(): void {
  const pinned = JSON.parse(readFileSync(join(OBSERVATORY_DIR, 'package.json'), 'utf8')).dependencies[
    SCANNER
  ];
  const installed = join(OBSERVATORY_DIR, 'node_modules', SCANNER);
  const version = existsSync(join(installed, 'package.json'))
    ? JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version
    : undefined;
  if (version !== pinned)
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--silent'], {
      cwd: OBSERVATORY_DIR,
      stdio: 'inherit',
    });
  for (const [file, stub] of [
    ['hsts-preload.json', '{}\n'],
    ['tld-list.json', '[]\n'],
  ] as const)
    if (!existsSync(join(installed, 'conf', file))) writeFileSync(join(installed, 'conf', file), stub);
}

/**
 * Scans `target` (`host:port` of the TLS site; plain http:// on that port must redirect to https://)
 * with the CA in the file `ca` trusted; prints `<label>: N passed, N failed` and writes the JUnit report
 * `test-results/junit/<junitFile>`.
 * @returns the exit status: 0 when every check passed
 */
export function scanWithObservatory(target: string, ca: string, label: string, junitFile: string): number {
  try {
    installObservatory();
  } catch (error) {
    console.error(
      `Could not install the Observatory scanner: ${error instanceof Error ? error.message : error}`,
    );
    console.log(`${label}: 0 passed, 1 failed`);
    return 1;
  }
  const run = spawnSync(
    process.execPath,
    nodeTestArgs(join(OBSERVATORY_DIR, 'observatory.node-test.ts'), junitFile),
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, OBSERVATORY_TARGET: target, NODE_EXTRA_CA_CERTS: ca },
    },
  );
  process.stdout.write(run.stdout);
  const count = (name: string) => Number(new RegExp(`^ℹ ${name} (\\d+)$`, 'm').exec(run.stdout)?.[1] ?? 0);
  const failed = run.status === 0 ? count('fail') : Math.max(1, count('fail'));
  console.log(`${label}: ${count('pass')} passed, ${failed} failed`);
  return run.status ?? 1;
}
