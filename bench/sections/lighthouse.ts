/**
 * The lighthouse section: Lighthouse CI (bench/lighthouserc.cjs) on `/`, `/checkout` and the not-found
 * page, N runs each: mobile at Lighthouse's standard settings, mobile at the low-tier rate
 * (`cpuSlowdownMultiplier`) and desktop; `lhci collect`, `lhci assert` (the targets in
 * lighthouserc.cjs), `lhci upload --target=filesystem` (HTML + JSON reports in bench/lhci/<run>/). The
 * table prints medians and how many runs scored 100, how many low-tier runs emulated the target phone
 * (each run's BenchmarkIndex ÷ its slowdown), then the low-tier run's long tasks on `/`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { VERIFY_TOLERANCE, isNearTarget } from '../lib/cpu-calibration.ts';
import { lhci } from '../lib/lhci.ts';
import type { LighthouseResult, LongTaskItem } from '../lib/lighthouse-result.ts';
import { median } from '../lib/median.ts';
import { LIGHTHOUSE_RUNS, type LighthouseRun } from '../lib/shared-names.ts';
import type { Profile } from '../lib/profiles.ts';
import { table } from '../lib/table.ts';

/** The categories scored, 0–100. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Lighthouse audit id → column name; values in ms except CLS (unitless). */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = (typeof METRICS)[keyof typeof METRICS];

/** Pages Lighthouse CI measures (lighthouserc.cjs): the three prerendered pages, the not-found one at an unknown path (404). */
export const LIGHTHOUSE_PAGES: readonly string[] = ['/', '/checkout', '/no-such-page'];


/**
 * One LHR in short: scores (0–100), metrics (ms; CLS unitless), the scored audits below 1, the long
 * tasks (script URL without the origin, or 'Unattributable'; start and duration in ms as Lighthouse
 * reports them, i.e. simulated at its CPU slowdown), the CPU slowdown used and this machine's
 * BenchmarkIndex as Lighthouse measured it.
 */
export interface RunSummary {
  readonly scores: Record<Category, number>;
  readonly metrics: Record<Metric, number>;
  readonly failing: readonly string[];
  readonly longTasks: readonly LongTaskItem[];
  readonly cpuSlowdownMultiplier: number | undefined;
  readonly benchmarkIndex: number | undefined;
}

/** One page of one run: medians over its runs, the worst performance score, runs scoring 100. */
export interface LighthousePageResult {
  readonly version: string | undefined;
  readonly scores: Record<Category, number>;
  readonly metrics: Record<Metric, number>;
  readonly worstPerformance: number;
  readonly runsAt100: number;
  readonly failingAudits: readonly string[];
  readonly runs: readonly RunSummary[];
}

/** What the section measured: results by run name then page path, and each run's `lhci assert`. */
export interface LighthouseSectionResult {
  readonly runs: readonly LighthouseRun[];
  readonly results: Partial<Record<LighthouseRun['name'], Record<string, LighthousePageResult>>>;
  readonly assertions: Partial<Record<LighthouseRun['name'], { passed: boolean; output: string }>>;
}

/** Summarises one LHR (see {@link RunSummary}). */
function summarise(lhr: LighthouseResult): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as RunSummary['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
  ) as RunSummary['metrics'];
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}/${ref.id}`),
  );
  const pageOrigin = new URL(lhr.requestedUrl).origin;
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
    url: String(task.url).replace(pageOrigin, ''),
    startTime: task.startTime,
    duration: task.duration,
  }));
  return {
    scores,
    metrics,
    failing,
    longTasks,
    cpuSlowdownMultiplier: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/** One page's results from its summaries. */
function pageResult(version: string | undefined, summaries: readonly RunSummary[]): LighthousePageResult {
  return {
    version,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, median(summaries.map((s) => s.scores[id]))]),
    ) as RunSummary['scores'],
    metrics: Object.fromEntries(
      Object.values(METRICS).map((metric) => [metric, median(summaries.map((s) => s.metrics[metric]))]),
    ) as RunSummary['metrics'],
    worstPerformance: Math.min(...summaries.map((s) => s.scores.performance)),
    runsAt100: summaries.filter((s) => s.scores.performance === 100).length,
    failingAudits: [...new Set(summaries.flatMap((s) => s.failing))].sort(),
    runs: summaries,
  };
}

/**
 * Runs Lighthouse CI's runs whose profile is one of `profiles` (or that need none) against `origin`,
 * `runs` runs per page each; `env` is the bench's (CHROME_PATH set).
 * @throws when `lhci collect` or `lhci upload` fails (a failed assertion is a result, not an error)
 */
export async function runLighthouse({
  env,
  origin,
  runs,
  profiles,
}: {
  env: NodeJS.ProcessEnv;
  origin: string;
  runs: number;
  profiles: readonly Profile[];
}): Promise<LighthouseSectionResult> {
  const rateOf = (id: string) => profiles.find((profile) => profile.id === id)?.rate;
  const lighthouseRuns = LIGHTHOUSE_RUNS.filter(({ profile }) => profile === undefined || rateOf(profile));
  const results: LighthouseSectionResult['results'] = {};
  const assertions: LighthouseSectionResult['assertions'] = {};
  for (const { name, formFactor, profile } of lighthouseRuns) {
    const lhciEnv: NodeJS.ProcessEnv = { ...env, LHCI_FORM_FACTOR: formFactor, LHCI_RUNS: String(runs), BENCH_ORIGIN: origin };
    if (profile) lhciEnv['LHCI_CPU_SLOWDOWN'] = String(rateOf(profile));
    else delete lhciEnv['LHCI_CPU_SLOWDOWN'];
    process.stderr.write(`lhci collect ${name}: ${runs} runs × ${LIGHTHOUSE_PAGES.length} pages\n`);
    await lhci(['collect'], lhciEnv);
    const lhrs = readdirSync('.lighthouseci')
      .filter((file) => /^lhr-.*\.json$/.test(file))
      .map((file) => JSON.parse(readFileSync(`.lighthouseci/${file}`, 'utf8')) as LighthouseResult)
      .sort((a, b) => a.fetchTime.localeCompare(b.fetchTime));
    results[name] = Object.fromEntries(
      LIGHTHOUSE_PAGES.map((path) => [
        path,
        pageResult(
          lhrs[0]?.lighthouseVersion,
          lhrs.filter((lhr) => new URL(lhr.requestedUrl).pathname === path).map(summarise),
        ),
      ]),
    );
    const assert = await lhci(['assert'], lhciEnv, { allowFailure: true });
    assertions[name] = { passed: assert.status === 0, output: assert.output };
    await lhci(['upload'], lhciEnv);
  }
  return { runs: lighthouseRuns, results, assertions };
}

/**
 * The section's printed lines: the medians table, the machine's BenchmarkIndex, how many low-tier
 * runs emulated the target phone, the audits below 100, the low-tier long tasks on `/`, and
 * `lhci assert`'s verdicts.
 */
export function printLighthouse(
  { runs: lighthouseRuns, results, assertions }: LighthouseSectionResult,
  { profiles, runs }: { profiles: readonly Profile[]; runs: number },
): string[] {
  const pageOf = (name: LighthouseRun['name'], path: string): LighthousePageResult => {
    const page = results[name]?.[path];
    if (!page) throw new Error(`no Lighthouse results for ${name} ${path}`);
    return page;
  };
  const lighthouseRows = lighthouseRuns.flatMap(({ name }) =>
    LIGHTHOUSE_PAGES.map((path) => {
      const { scores, metrics, runsAt100, worstPerformance, runs: summaries } = pageOf(name, path);
      return [
        path,
        name,
        median(summaries.map((s) => s.cpuSlowdownMultiplier ?? Number.NaN)),
        ...CATEGORIES.map((id) => scores[id]),
        worstPerformance,
        `${runsAt100}/${runs}`,
        ...(['FCP', 'LCP'] as const).map((metric) => Math.round(metrics[metric])),
        Math.round(Math.max(...summaries.map((s) => s.metrics.LCP))),
        ...(['TBT', 'SI'] as const).map((metric) => Math.round(metrics[metric])),
        metrics.CLS.toFixed(3),
      ];
    }),
  );
  const benchmarkIndexes = lighthouseRuns.flatMap(({ name }) =>
    LIGHTHOUSE_PAGES.flatMap((path) => pageOf(name, path).runs.map((s) => s.benchmarkIndex ?? Number.NaN)),
  );
  // Lighthouse measures the host's index at each run's start; divided by the run's slowdown it is the
  // phone that run emulated, which drifts from the profile's target when the machine's speed moves.
  const offProfileLines = lighthouseRuns.flatMap(({ name, profile: profileId }) => {
    const profile = profiles.find((candidate) => candidate.id === profileId);
    if (!profile) return [];
    const { targetIndex } = profile;
    const emulated = LIGHTHOUSE_PAGES.flatMap((path) =>
      pageOf(name, path).runs.map((s, index) => ({
        at: `${path} run ${index + 1}`,
        index: (s.benchmarkIndex ?? Number.NaN) / (s.cpuSlowdownMultiplier ?? Number.NaN),
      })),
    );
    const off = emulated.filter(({ index }) => !isNearTarget(index, targetIndex));
    return [
      `${name}: ${emulated.length - off.length} of ${emulated.length} runs emulated the target phone (each run's BenchmarkIndex ÷ its slowdown within ±${VERIFY_TOLERANCE * 100} % of ${targetIndex})${
        off.length > 0 ? `; off: ${off.map(({ at, index }) => `${at} ${Math.round(index)}`).join(', ')}` : ''
      }`,
    ];
  });
  const failingLines = lighthouseRuns.flatMap(({ name }) =>
    LIGHTHOUSE_PAGES.map((path) => `${name} ${path}: ${pageOf(name, path).failingAudits.join(', ') || 'none'}`),
  );
  const longTaskLines = (results['mobile-low-tier']?.['/']?.runs ?? []).map(
    ({ longTasks }, index) =>
      `run ${index + 1}: ${
        [...longTasks]
          .sort((a, b) => a.startTime - b.startTime)
          .map((task) => `${task.url} @${Math.round(task.startTime)} ${Math.round(task.duration)} ms`)
          .join(' · ') || 'none'
      }`,
  );
  const assertLines = lighthouseRuns.map(({ name }) => {
    const { passed, output } = assertions[name] ?? { passed: false, output: '' };
    if (passed) return `${name}: all assertions passed`;
    const failures = output
      // eslint-disable-next-line no-control-regex -- lhci colours its output with ANSI escapes
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => /failure for|expected|found|http/i.test(line))
      .map((line) => `  ${line.trim()}`);
    return [`${name}: FAILED`, ...failures].join('\n');
  });
  const lowTier = profiles.find((profile) => profile.id === 'low-tier');
  return [
    '',
    `Lighthouse CI (Lighthouse ${results.mobile?.['/']?.version ?? results.desktop?.['/']?.version}), median of ${runs} (CPU: Lighthouse's simulated slowdown; scores 0–100, perf worst: the lowest run; perf=100: runs scoring 100; LCP worst: the slowest run; FCP, LCP, TBT, Speed Index in ms)`,
    `Lighthouse's own BenchmarkIndex of this machine: median ${Math.round(median(benchmarkIndexes))} (${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}) over ${benchmarkIndexes.length} runs`,
    ...offProfileLines,
    table(
      ['page', 'run', 'CPU', 'perf', 'a11y', 'best-pr', 'SEO', 'perf worst', 'perf=100', 'FCP', 'LCP', 'LCP worst', 'TBT', 'SI', 'CLS'],
      lighthouseRows,
    ),
    '',
    'Scored audits below 100 in any run:',
    ...failingLines,
    ...(longTaskLines.length > 0
      ? [
          '',
          `Long tasks on / at the low-tier rate (Lighthouse's long-tasks audit in order of start: script, start @ms, duration; simulated at ${lowTier?.rate}×):`,
          ...longTaskLines,
        ]
      : []),
    '',
    'lhci assert (lighthouserc.cjs; reports in bench/lhci/<run>/):',
    ...assertLines,
  ];
}
