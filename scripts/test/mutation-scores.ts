/**
 * The mutation score per folder, read from a StrykerJS report in mutation-testing-report-schema's
 * format (Stryker's JSON report, reports/mutation/mutation.json, and its incremental file,
 * mutation/stryker-incremental.json, are both of it). Counts come from mutation-testing-metrics, the
 * library Stryker's own reporters use, so the figures are the ones Stryker's table and HTML report
 * show. Used by scripts/test/mutation-test.ts (printed after a run) and scripts/docs/docs-mutation.ts (the table
 * of docs/testing.md).
 */
import { calculateMetrics, type Metrics } from 'mutation-testing-metrics';
import type { MutationTestResult } from 'mutation-testing-report-schema';

/** The folders whose score is reported, in the order of the table (stryker.config.mjs `mutate`). */
export const MUTATED_FOLDERS = ['machines', 'src/features', 'src/effects', 'src/lib'] as const;

/** One folder's figures: counts of mutants by outcome, scores in percent (`NaN` when no mutant counts). */
export interface FolderScore {
  folder: string;
  /** Detected (killed or timed out) / valid mutants × 100: Stryker's mutation score. */
  score: number;
  /** Detected / covered mutants × 100: the score of the code the tests reach. */
  coveredScore: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Mutants left out: static ones in the default run (`ignoreStatic`), and any a `Stryker disable` comment marks. */
  ignored: number;
  /** Mutants that broke the code itself (compile or runtime errors): they count in no score. */
  invalid: number;
}

const fromMetrics = (folder: string, metrics: Metrics): FolderScore => ({
  folder,
  score: metrics.mutationScore,
  coveredScore: metrics.mutationScoreBasedOnCoveredCode,
  killed: metrics.killed,
  timeout: metrics.timeout,
  survived: metrics.survived,
  noCoverage: metrics.noCoverage,
  ignored: metrics.ignored,
  invalid: metrics.totalInvalid,
});

/**
 * One row per folder of {@link MUTATED_FOLDERS} that has a file in `report`, then `all` over every
 * file of the report. A file belongs to a folder when its path, relative to the project's root as
 * Stryker writes it, starts with the folder and `/`.
 */
export function folderScores(report: Pick<MutationTestResult, 'files'>): FolderScore[] {
  const files = Object.entries(report.files).map(
    ([path, file]) => [path.replaceAll('\\', '/'), file] as const,
  );
  const rows = MUTATED_FOLDERS.flatMap((folder) => {
    const inFolder = files.filter(([path]) => path.startsWith(`${folder}/`));
    return inFolder.length === 0
      ? []
      : [fromMetrics(folder, calculateMetrics(Object.fromEntries(inFolder)).metrics)];
  });
  return [...rows, fromMetrics('all', calculateMetrics(Object.fromEntries(files)).metrics)];
}

/** A score as Stryker prints it: two decimals and `%`; `–` when no mutant counts. */
export const percent = (score: number) => (Number.isNaN(score) ? '–' : `${score.toFixed(2)} %`);

/** The rows as a markdown table (not yet aligned by Prettier): one row per folder, then `all`. */
export function renderScoreTable(rows: readonly FolderScore[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line([
      'folder',
      'score',
      'score of covered code',
      'killed',
      'timed out',
      'survived',
      'no coverage',
      'ignored',
      'errors',
    ]),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...rows.map((row) =>
      line([
        row.folder === 'all' ? 'all' : `\`${row.folder}/\``,
        percent(row.score),
        percent(row.coveredScore),
        row.killed,
        row.timeout,
        row.survived,
        row.noCoverage,
        row.ignored,
        row.invalid,
      ]),
    ),
  ].join('\n');
}
