/**
 * The mutation score tables of docs/testing.md are generated from the committed incremental files of
 * StrykerJS (scripts/docs/docs-mutation.ts): this fails when a committed table differs from its file (a run
 * was made and `npm run docs:mutation` was not, or the table was edited by hand), checks the per-folder
 * counts and scores on a report made here, and that only the block between the markers is replaced.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileResult, MutantResult, MutantStatus } from 'mutation-testing-report-schema';
import {
  MUTATION_TABLES,
  TESTING_DOC,
  formatMutationTable,
  mutationTableBlock,
  readMutationReport,
  withMutationTable,
} from '../../../../scripts/docs/docs-mutation';
import { folderScores, renderScoreTable } from '../../../../scripts/test/mutation-scores';

/** A file of a report with one mutant per status given. */
function file(statuses: readonly MutantStatus[]): FileResult {
  const mutants = statuses.map((status, index): MutantResult => ({
    id: String(index),
    mutatorName: 'EqualityOperator',
    replacement: '<',
    location: { start: { line: 1, column: index + 1 }, end: { line: 1, column: index + 2 } },
    status,
  }));
  return { language: 'typescript', source: 'a <= b', mutants };
}

/** The cells of the row whose first cell is `first`. */
function row(table: string, first: string): string[] {
  const line = table.split('\n').find((candidate) => candidate.startsWith(`| ${first} |`));
  expect(line, `no row "${first}"`).toBeDefined();
  return line!.slice(2, -2).split(' | ');
}

describe('the mutation score tables of docs/testing.md', () => {
  it.each(MUTATION_TABLES)('holds what `npm run docs:mutation` generates from $report', async (table) => {
    const committed = mutationTableBlock(readFileSync(TESTING_DOC, 'utf8'), table);
    expect(committed, 'the mutation table is stale: run `npm run docs:mutation`').toBe(
      (await formatMutationTable(readMutationReport(table.report))).trim(),
    );
  });

  it('counts each folder and all files by status, and scores detected over valid mutants', () => {
    const report = {
      files: {
        'machines/pricing.ts': file(['Killed', 'Killed', 'Timeout', 'Survived', 'Ignored']),
        'machines/catalog.ts': file(['NoCoverage', 'CompileError']),
        'src/lib/format-money.ts': file(['Killed', 'RuntimeError']),
        'tests/ignored-folder.ts': file(['Survived']),
      },
    };
    const rows = folderScores(report);
    expect(rows.map((score) => score.folder)).toEqual(['machines', 'src/lib', 'all']);
    const [machines, lib, all] = rows;
    expect(machines).toEqual({
      folder: 'machines',
      // (2 killed + 1 timeout) / (3 detected + 1 survived + 1 no coverage) valid mutants.
      score: 60,
      // (3 detected) / (3 detected + 1 survived) covered mutants: the ignored one counts in neither.
      coveredScore: 75,
      killed: 2,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      ignored: 1,
      invalid: 1,
    });
    expect([lib!.score, lib!.killed, lib!.invalid]).toEqual([100, 1, 1]);
    // Every file counts in `all`, the ones outside the named folders too.
    expect([all!.killed, all!.timeout, all!.survived, all!.noCoverage]).toEqual([3, 1, 2, 1]);
    expect(all!.score).toBeCloseTo((4 / 7) * 100);

    const table = renderScoreTable(rows);
    expect(row(table, '`machines/`')).toEqual([
      '`machines/`',
      '60.00 %',
      '75.00 %',
      '2',
      '1',
      '1',
      '1',
      '1',
      '1',
    ]);
    expect(row(table, 'all').slice(1, 3)).toEqual(['57.14 %', '66.67 %']);
  });

  it('shows – for a folder without a valid mutant', () => {
    const table = renderScoreTable(folderScores({ files: { 'src/effects/a.ts': file(['Ignored']) } }));
    expect(row(table, '`src/effects/`').slice(1, 3)).toEqual(['–', '–']);
  });

  it('replaces only the block between its markers', () => {
    const [table] = MUTATION_TABLES;
    const doc = `before\n${table!.start}\nold\n${table!.end}\nafter\n`;
    expect(withMutationTable(doc, table!, 'new\n')).toBe(
      `before\n${table!.start}\n\nnew\n\n${table!.end}\nafter\n`,
    );
    expect(() => withMutationTable('no markers', table!, 'new')).toThrow(/mutation-table:start/);
  });
});
