import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, test } from 'node:test';

/**
 * The Mozilla HTTP Observatory (`@mdn/mdn-http-observatory`, the scanner behind MDN's HTTP
 * Observatory) against the shop over TLS: behind nginx with deploy/nginx.conf (scripts/test/test-nginx.ts)
 * and on Cloudflare's local Pages server with the build's `_headers` (scripts/test/test-edge.ts). Run by
 * scripts/test/observatory.ts, which scans the site at OBSERVATORY_TARGET (`127.0.0.1:<port>`, plain
 * http:// on that port redirected to https://), trusts its throwaway CA through NODE_EXTRA_CA_CERTS,
 * installs the scanner in tests/observatory/node_modules and stubs its two downloaded lists.
 */

const target = process.env.OBSERVATORY_TARGET;
/** The scanner's command line without its wrapper, which would replace NODE_EXTRA_CA_CERTS. */
const SCAN = join(import.meta.dirname, 'node_modules/@mdn/mdn-http-observatory/src/scan.js');

/** The outcome of every Observatory test, by test name: what each header of nginx.conf earns. */
const EXPECTED: Record<string, { result: string; scoreModifier: number }> = {
  'content-security-policy': { result: 'csp-implemented-with-no-unsafe-default-src-none', scoreModifier: 10 },
  cookies: { result: 'cookies-not-found', scoreModifier: 0 },
  'cross-origin-resource-sharing': {
    result: 'cross-origin-resource-sharing-not-implemented',
    scoreModifier: 0,
  },
  'cross-origin-resource-policy': { result: 'corp-implemented-with-same-origin', scoreModifier: 10 },
  redirection: { result: 'redirection-to-https', scoreModifier: 0 },
  'referrer-policy': { result: 'referrer-policy-private', scoreModifier: 5 },
  'strict-transport-security': { result: 'hsts-implemented-max-age-at-least-six-months', scoreModifier: 0 },
  'subresource-integrity': {
    result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    scoreModifier: 0,
  },
  'x-content-type-options': { result: 'x-content-type-options-nosniff', scoreModifier: 0 },
  'x-frame-options': { result: 'x-frame-options-implemented-via-csp', scoreModifier: 5 },
};

interface ScanOutput {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number; error: string | null };
  tests: Record<string, { result: string; pass: boolean; scoreModifier: number }>;
}

let output: ScanOutput;

before(() => {
  assert.ok(target, 'OBSERVATORY_TARGET is not set: run through `npm run test:nginx` or `npm run test:edge`');
  const scan = spawnSync(process.execPath, [SCAN, target], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(scan.status, 0, `the scan failed: ${scan.stdout}${scan.stderr}`);
  output = JSON.parse(scan.stdout) as ScanOutput;
  const rows = Object.entries(output.tests).map(
    ([name, { result, pass, scoreModifier }]) =>
      `${name.padEnd(30)} ${(pass ? 'pass' : 'FAIL').padEnd(5)} ${String(scoreModifier).padStart(3)}  ${result}`,
  );
  console.log(
    [`Observatory for https://${target}/: ${output.scan.grade} (${output.scan.score})`, ...rows].join('\n'),
  );
});

test('grades the site A+ with a score of at least 130, every test passed', () => {
  assert.equal(output.scan.grade, 'A+');
  assert.ok(output.scan.score >= 130, `score ${output.scan.score}`);
  assert.equal(output.scan.testsPassed, output.scan.testsQuantity);
});

test("each test's outcome is the one the headers are meant to earn", () => {
  const outcomes = Object.fromEntries(
    Object.entries(output.tests).map(([name, { result, scoreModifier }]) => [
      name,
      { result, scoreModifier },
    ]),
  );
  assert.deepEqual(outcomes, EXPECTED);
});
