/**
 * docs/traceability.md is generated from docs/requirements.md, machines/requirements.ts, the model
 * suites and the tests' tags: this fails when the committed page is stale (`npm run docs:traceability`
 * was not run), when a requirement has no test, and when the table or a tag names nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUIREMENT_TRACES, type RequirementTrace } from '@machines/requirements';
import { checkout } from '@support/model/checkout-model';
import { partKeys } from '@support/model/coverage-table';
import { storefront } from '@support/model/storefront-model';
import {
  TRACEABILITY_DOC,
  readRequirements,
  renderTraceabilityDoc,
  tagsIn,
  taggedTests,
  testFilesOf,
  traces,
} from '../../../../scripts/docs/generate-traceability';

const TABLE: Readonly<Record<string, RequirementTrace>> = REQUIREMENT_TRACES;

describe('docs/traceability.md', () => {
  const requirements = readRequirements();
  const tests = taggedTests();
  const all = traces(requirements, tests);

  it('is what `npm run docs:traceability` generates from the requirements, machines and tests', async () => {
    expect(
      readFileSync(TRACEABILITY_DOC, 'utf8'),
      'docs/traceability.md is stale: run `npm run docs:traceability`',
    ).toBe(await renderTraceabilityDoc(all));
  });

  it("lists each requirement's test files by path, each tagged test counted in its own file", () => {
    for (const trace of all) {
      const files = testFilesOf(trace);
      for (const { file } of files) expect(existsSync(file), `${trace.id}: ${file}`).toBe(true);
      const counted = Object.fromEntries(files.map(({ file, tests }) => [file, tests]));
      const expected: Record<string, number> = {};
      for (const test of trace.tests) expected[test.file] = (expected[test.file] ?? 0) + 1;
      for (const [file, tests] of Object.entries(expected))
        expect(counted[file], `${trace.id}: ${file}`).toBe(tests);
      if (trace.sessions.length > 0) expect(counted['tests/model/sessions.node-test.ts'], trace.id).toBe(0);
    }
  });

  it('has a test for every requirement: a model path or a test tagged with its id', () => {
    const unchecked = all.filter((trace) => trace.tests.length === 0 && trace.engines.length === 0);
    expect(unchecked.map((trace) => `${trace.id} ${trace.text}`)).toEqual([]);
  });

  it('traces every requirement of docs/requirements.md in machines/requirements.ts, and no other', () => {
    expect(requirements.length).toBeGreaterThan(0);
    expect(Object.keys(TABLE).sort()).toEqual(requirements.map((requirement) => requirement.id).sort());
  });

  it('names where a requirement lives when no machine part implements it, and only files that exist', () => {
    for (const [id, trace] of Object.entries(TABLE)) {
      if (!trace.storefront && !trace.checkout) expect(trace.lives?.length, id).toBeGreaterThan(0);
      for (const path of trace.lives ?? []) expect(existsSync(path), `${id}: ${path}`).toBe(true);
    }
  });

  it('names only states and transitions the machines have', () => {
    for (const [id, trace] of Object.entries(TABLE)) {
      for (const part of trace.storefront ?? []) expect(() => partKeys(storefront, part), id).not.toThrow();
      for (const part of trace.checkout ?? []) expect(() => partKeys(checkout, part), id).not.toThrow();
    }
    expect(() => partKeys(checkout, 'checkout.idle: order.cancel')).toThrow(/no state or transition/);
  });

  it('finds tags only for requirements that exist', () => {
    const ids = new Set(requirements.map((requirement) => requirement.id));
    const unknown = tests.flatMap((test) =>
      test.ids.filter((id) => !ids.has(id)).map((id) => `${test.file}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('tagsIn', () => {
  it('reads the tags of tests in describes, each and template titles, without running them', () => {
    const code = [
      "describe('cart', () => {",
      "  it('adds @R4.3', () => {});",
      "  it.each([1, 2])('adds %i @R4.3 @R9.1', () => {});",
      '  test(`${path} shows @R2.3`, async () => {});',
      "  it('has no tag', () => {});",
      '});',
    ].join('\n');
    expect(tagsIn('tests/x.test.ts', code, 'Vitest')).toEqual([
      { file: 'tests/x.test.ts', title: 'cart › adds', runner: 'Vitest', ids: ['R4.3'] },
      { file: 'tests/x.test.ts', title: 'cart › adds %i', runner: 'Vitest', ids: ['R4.3', 'R9.1'] },
      { file: 'tests/x.test.ts', title: 'cart › ${path} shows', runner: 'Vitest', ids: ['R2.3'] },
    ]);
  });
});
