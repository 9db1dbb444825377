/**
 * Writes the mutation score tables of docs/testing.md ('Mutation testing') from the committed
 * incremental files of StrykerJS (mutation-testing-report-schema's format, the same as its JSON
 * report): the default run's (mutation/stryker-incremental.json) between
 * `<!-- mutation-table:start -->` and `<!-- mutation-table:end -->`, the static run's
 * (mutation/stryker-incremental-static.json) between `<!-- mutation-static-table:start -->` and
 * `<!-- mutation-static-table:end -->`. tests/tooling/scripts/docs/docs-mutation.test.ts fails when a committed
 * table differs from its file.
 *
 * Usage: `npm run docs:mutation` (after `npm run test:mutation`, with or without `-- --static`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { folderScores, renderScoreTable } from '../test/mutation-scores.ts';

export const TESTING_DOC = 'docs/testing.md';

/** A generated block of {@link TESTING_DOC}: the report it is read from and the markers around it. */
export interface MutationTable {
  report: string;
  start: string;
  end: string;
}

export const MUTATION_TABLES: readonly MutationTable[] = [
  {
    report: 'mutation/stryker-incremental.json',
    start: '<!-- mutation-table:start -->',
    end: '<!-- mutation-table:end -->',
  },
  {
    report: 'mutation/stryker-incremental-static.json',
    start: '<!-- mutation-static-table:start -->',
    end: '<!-- mutation-static-table:end -->',
  },
];

// Paths, not URLs: under Vitest's jsdom, `URL` is jsdom's, which node:fs does not take.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Reads a report of mutation-testing-report-schema's format. Throws when it is missing or not JSON. */
export function readMutationReport(path: string): MutationTestResult {
  return JSON.parse(read(path)) as MutationTestResult;
}

/** The score table of `report` formatted with the project's Prettier settings, as the page holds it. */
export async function formatMutationTable(report: Pick<MutationTestResult, 'files'>): Promise<string> {
  const options = await prettier.resolveConfig(join(ROOT, TESTING_DOC));
  return prettier.format(renderScoreTable(folderScores(report)), { ...options, parser: 'markdown' });
}

/** The block of `doc` between `table`'s markers, trimmed. Throws when either marker is missing. */
export function mutationTableBlock(doc: string, table: MutationTable): string {
  const start = doc.indexOf(table.start);
  const end = doc.indexOf(table.end);
  if (start === -1 || end < start)
    throw new Error(`${TESTING_DOC} has no ${table.start} … ${table.end} block`);
  return doc.slice(start + table.start.length, end).trim();
}

/** `doc` with the block between `table`'s markers replaced by `content`. Throws when a marker is missing. */
export function withMutationTable(doc: string, table: MutationTable, content: string): string {
  mutationTableBlock(doc, table);
  const start = doc.indexOf(table.start) + table.start.length;
  return `${doc.slice(0, start)}\n\n${content.trim()}\n\n${doc.slice(doc.indexOf(table.end))}`;
}

/** Rewrites both generated blocks of docs/testing.md from the committed incremental files. */
export async function writeMutationTables(): Promise<void> {
  let doc = read(TESTING_DOC);
  for (const table of MUTATION_TABLES)
    doc = withMutationTable(doc, table, await formatMutationTable(readMutationReport(table.report)));
  writeFileSync(join(ROOT, TESTING_DOC), doc);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeMutationTables();
  console.log(`Wrote the mutation score tables of ${TESTING_DOC}.`);
}
