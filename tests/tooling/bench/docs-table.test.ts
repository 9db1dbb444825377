/**
 * The table of the latest full bench in docs/performance.md is generated from bench/results.json: this
 * fails when the committed block differs from the file (a bench was run and `npm run docs:bench` was
 * not, or the block was edited by hand), checks a few rows against the file's own numbers, and checks
 * that results without a section render "not measured" instead of throwing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BenchResultsFile } from '../../../bench/lib/results';
import {
  PERFORMANCE_DOC,
  benchTableBlock,
  formatBenchTable,
  readBenchResults,
  renderBenchTable,
  withBenchTable,
  type BenchResults,
} from '../../../bench/docs-table';
import { FLOORS } from '../../../bench/lib/shared-names';

const results = readBenchResults();

/** The cells of the row whose figure is `figure`, from the unaligned table. */
function row(table: string, figure: string): string[] {
  const line = table.split('\n').find((candidate) => candidate.startsWith(`| ${figure} |`));
  expect(line, `no row "${figure}"`).toBeDefined();
  return line!.slice(2, -2).split(' | ');
}

describe('the bench table of docs/performance.md', () => {
  it('reads the file as bench/bench.ts writes it', () => {
    // The type check fails here when the table's view of bench/results.json drifts from its shape.
    const asRead = (file: BenchResultsFile): BenchResults => file;
    expect(asRead(results as unknown as BenchResultsFile)).toBe(results);
  });

  it('is what `npm run docs:bench` generates from bench/results.json', async () => {
    const committed = benchTableBlock(readFileSync(PERFORMANCE_DOC, 'utf8'));
    expect(committed, 'the bench table is stale: run `npm run docs:bench`').toBe(
      (await formatBenchTable(results)).trim(),
    );
  });

  it("takes its figures from the file's own numbers", () => {
    const table = renderBenchTable(results);
    const landing = results.lighthouse!.mobile!['/']!;
    const tbts = landing.runs!.map((run) => run.metrics.TBT!);
    expect(row(table, 'Lighthouse standard mobile, `/`: TBT').slice(1, 3)).toEqual([
      `${Math.round(landing.metrics!.TBT!)} ms`,
      `${Math.round(Math.max(...tbts))} ms`,
    ]);
    // lighthouserc.cjs asks for 100 on every run: met is the worst run's verdict.
    const worstScore = Math.min(...landing.runs!.map((run) => run.scores.performance!));
    const [, score, worstCell, , met] = row(table, 'Lighthouse standard mobile, `/`: performance');
    expect([score, worstCell, met]).toEqual([
      String(landing.scores!.performance),
      String(worstScore),
      worstScore === 100 ? 'yes' : 'no',
    ]);

    const brotli = results.servedJs!.served!.brotli!.bytes;
    const scripts = results.servedJs!.scripts!.length;
    const [, served, , target] = row(
      table,
      `landing JS as nginx sends it to a brotli browser (${scripts} scripts)`,
    );
    expect(served).toBe(`${(brotli / 1024).toFixed(1)} KiB`);
    const limit = results.sizeLimit!.find(
      (entry) => entry.name.startsWith('landing') && entry.name.endsWith('(.br)'),
    )!;
    expect(target).toBe(`≤ ${limit.sizeLimit / 1024} KiB (size-limit)`);

    const webkit = results.roundTrips!.engines!.webkit!;
    const times = webkit.pages!['/']!.map((sample) => sample.interactive!).sort((a, b) => a - b);
    const [, interactive, worst] = row(
      table,
      `\`/\`, every script held ${results.roundTrips!.holdMs} ms, WebKitGTK ${webkit.version!.split('/').pop()}: interactive (from the request)`,
    );
    expect(interactive).toMatch(new RegExp(`^${Math.round(times[Math.floor(times.length / 2)]!)} ms; `));
    expect(worst).toBe(`${Math.round(times.at(-1)!)} ms`);

    const line = table.split('\n')[0]!;
    expect(line).toContain(results.date!.slice(0, 10));
    expect(line).toContain(results.chromium!);
    for (const profile of results.profiles!) expect(line).toContain(`${profile.id} ${profile.rate}×`);
  });

  it('says "not measured" where the results lack a section', () => {
    const { lighthouse: _lighthouse, interactions: _interactions, ...partial } = results;
    const table = renderBenchTable(partial);
    const [, measured, worst, , met] = row(table, 'Lighthouse standard mobile, `/`: TBT');
    expect([measured, worst, met]).toEqual(['not measured', '–', '–']);
    const lowTier = results.profiles!.find((profile) => profile.id === 'low-tier')!;
    expect(row(table, `taps on low-tier (${lowTier.rate}×): the slowest`)[1]).toBe('not measured');
    // The sections still present keep their figures.
    expect(table).toContain(`${(results.servedJs!.served!.brotli!.bytes / 1024).toFixed(1)} KiB`);

    const empty: BenchResults = {};
    const rows = renderBenchTable(empty)
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| figure') && !line.startsWith('| ---'));
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) expect(cells).toContain('| not measured |');
  });

  it("leaves every floor out of the taps, each kind's floor included", () => {
    const journey = Object.fromEntries([
      ['quantity +', { duration: 40 }],
      ...FLOORS.map((floor) => [floor, { duration: 500 }]),
    ]);
    const table = renderBenchTable({ profiles: [{ id: 'low-tier', rate: 5 }], interactions: { 'low-tier': [journey] } });
    const [, measured, worst] = row(table, 'taps on low-tier (5×): the slowest of 1');
    expect([measured, worst]).toEqual(['40 ms, quantity +; 1 of 1 within', '40 ms, quantity +']);
  });

  it('replaces only the block between its markers', () => {
    const doc = 'before\n<!-- bench-table:start -->\nold\n<!-- bench-table:end -->\nafter\n';
    expect(withBenchTable(doc, 'new\n')).toBe(
      'before\n<!-- bench-table:start -->\n\nnew\n\n<!-- bench-table:end -->\nafter\n',
    );
    expect(() => withBenchTable('no markers', 'new')).toThrow(/bench-table:start/);
  });
});
