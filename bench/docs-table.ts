/**
 * Writes the table of the latest full bench into docs/performance.md, between
 * `<!-- bench-table:start -->` and `<!-- bench-table:end -->`: one line saying which run it was, then
 * one row per measured figure that has a target or budget, with its median, its worst run, the target
 * and whether it was met. Every figure is read from bench/results.json (`npm run bench` writes it); the
 * Lighthouse targets from bench/lighthouserc.cjs, the size budgets from the results' own size-limit
 * entries. A figure the file does not hold is "not measured". tests/tooling/bench/docs-table.test.ts fails
 * when the committed table differs from the file.
 *
 * Usage: `npm run docs:bench`; bench/bench.ts does the same after a full run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import prettier from 'prettier';
import { CPU_TARGETS } from './lib/cpu-calibration.ts';
import { median } from './lib/median.ts';
import {
  FLOORS,
  LIGHTHOUSE_RUNS,
  OTHER_ENGINES,
  type LighthouseRun,
  type OtherEngine,
} from './lib/shared-names.ts';
import { LOADING_PAGES, LOADING_TARGETS, ROUND_TRIP_BOUND_MS, TAP_TARGETS } from './lib/targets.ts';

/** Where the results are read and the table is written, from the repository root. */
export const BENCH_RESULTS = 'bench/results.json';
export const PERFORMANCE_DOC = 'docs/performance.md';
/** The lines that enclose the generated block in {@link PERFORMANCE_DOC}. */
export const BENCH_TABLE_START = '<!-- bench-table:start -->';
export const BENCH_TABLE_END = '<!-- bench-table:end -->';
const LIGHTHOUSERC = 'bench/lighthouserc.cjs';

// Paths, not URLs: under Vitest's jsdom, `URL` is jsdom's, which node:fs does not take.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** One tap of one journey (bench/lib/interactions.ts): Event Timing duration, ms. */
interface TapSample {
  duration?: number;
}

/** One load under real throttling (bench/lib/real-loading.ts), ms from navigation start. */
interface LoadingSample {
  fcp?: number;
  lcp?: number;
  interactive?: number;
  hydrated?: number;
}

/** One load with every script held (bench/lib/round-trips.ts, engine-round-trips.ts), ms. */
interface RoundTripSample {
  interactive?: number;
  waves?: readonly unknown[];
}

/** One page of one Lighthouse CI run (bench/sections/lighthouse.ts): medians over `runs`, scores 0–100, metrics ms. */
interface LighthousePage {
  version?: string;
  scores?: Partial<Record<string, number>>;
  metrics?: Partial<Record<string, number>>;
  runs?: readonly { scores: Partial<Record<string, number>>; metrics: Partial<Record<string, number>> }[];
}

/** A CPU profile as the bench used it: `rate` is the CPU slowdown multiplier. */
interface Profile {
  id: string;
  targetIndex?: number;
  rate: number;
}

/**
 * What this table reads of bench/results.json (bench/bench.ts writes it, bench/lib/results.ts):
 * every part optional, since a run may leave a section out. Times in ms, sizes in bytes.
 */
export interface BenchResults {
  date?: string;
  chromium?: string;
  node?: string;
  loadAverage?: { before?: readonly number[]; after?: readonly number[] };
  runs?: number;
  interactionRuns?: number;
  calibration?: {
    hostIndex?: { fitted?: number; measured?: number };
    profiles?: readonly (Profile & { verifiedIndex?: number | null })[];
    fromOption?: Record<string, number>;
  };
  profiles?: readonly Profile[];
  interactions?: Partial<Record<string, Partial<Record<string, TapSample>>[]>>;
  loading?: Partial<Record<string, Partial<Record<string, LoadingSample[]>>>>;
  roundTrips?: {
    holdMs?: number;
    rates?: readonly { id: string }[];
    pages?: Partial<Record<string, Partial<Record<string, RoundTripSample[]>>>>;
    engines?: Partial<
      Record<string, { version?: string; pages?: Partial<Record<string, RoundTripSample[]>> }>
    >;
  };
  sizeLimit?: { name: string; size: number; sizeLimit: number; passed: boolean }[];
  servedJs?: {
    scripts?: readonly string[];
    served?: Partial<Record<'brotli' | 'gzipOnly' | 'identity', { bytes: number }>>;
  };
  lighthouse?: Partial<Record<string, Partial<Record<string, LighthousePage>>>>;
  lighthouseAssertions?: Partial<Record<string, { passed: boolean }>>;
}

/** One lhci assertion (`['error', { minScore | maxNumericValue, aggregationMethod }]`). */
type Assertion = [string, { minScore?: number; maxNumericValue?: number; aggregationMethod?: string }];

interface LighthouseConfig {
  ci: {
    collect: { url: string[] };
    assert: { assertMatrix: { matchingUrlPattern: string; assertions: Record<string, Assertion> }[] };
  };
}

/** What each of Lighthouse CI's runs (bench/lib/shared-names.ts `LIGHTHOUSE_RUNS`) is called here. */
const LIGHTHOUSE_TITLES: Record<LighthouseRun['name'], string> = {
  mobile: 'standard mobile',
  'mobile-low-tier': 'low-tier mobile',
  desktop: 'desktop',
};

/**
 * The environment that selects a run's assertions in lighthouserc.cjs (any slowdown selects the
 * low-tier ones; their bounds do not depend on it).
 */
const lhciEnv = ({ formFactor, profile }: LighthouseRun): Record<string, string> => ({
  ...(profile ? { LHCI_CPU_SLOWDOWN: '4' } : {}),
  ...(formFactor === 'desktop' ? { LHCI_FORM_FACTOR: 'desktop' } : {}),
});

/** The audits a row shows (the others count in the run's `lhci assert` row): label, unit, results key. */
const LIGHTHOUSE_FIGURES: Record<
  string,
  { label: string; ms: boolean; read: (page: LighthousePageRun) => number | undefined }
> = {
  'categories:performance': { label: 'performance', ms: false, read: (page) => page.scores.performance },
  'total-blocking-time': { label: 'TBT', ms: true, read: (page) => page.metrics.TBT },
  'largest-contentful-paint': { label: 'LCP', ms: true, read: (page) => page.metrics.LCP },
};
type LighthousePageRun = NonNullable<LighthousePage['runs']>[number];

/** How lhci aggregates a page's runs before it compares, in words. */
const AGGREGATION: Record<string, string> = {
  pessimistic: 'every run',
  optimistic: 'best run',
  median: 'median',
  'median-run': 'median run',
};

/** lighthouserc.cjs as `lhci` loads it for one run, evaluated with that run's environment only. */
function lighthouseConfig(env: Record<string, string>): LighthouseConfig {
  const module = { exports: {} };
  runInNewContext(read(LIGHTHOUSERC), { module, exports: module.exports, process: { env } });
  return module.exports as LighthouseConfig;
}

/** Each run's pages and assertions, read once when this module loads. */
const LIGHTHOUSE_CONFIGS = LIGHTHOUSE_RUNS.map((run) => ({
  name: run.name,
  title: LIGHTHOUSE_TITLES[run.name],
  config: lighthouseConfig(lhciEnv(run)),
}));

/** The journey's taps are every row but the floors. */
const isFloor = (tap: string) => FLOORS.includes(tap);
/** The CPU profiles the bench calibrates. */
const PROFILES = CPU_TARGETS.map((target) => target.id);
/** Chromium's round-trip CPU rates when the results name none (bench/sections/round-trips.ts `roundTripRates`). */
const ROUND_TRIP_RATES = [{ id: 'unthrottled' }, { id: 'mid-tier' }];
/** The other engines' names here. */
const ENGINE_NAMES: Record<OtherEngine, string> = { firefox: 'Firefox', webkit: 'WebKitGTK' };

const NOT_MEASURED = 'not measured';

const ms = (value: number) => `${Math.round(value)} ms`;
/** Bytes as KiB (1024 bytes), one decimal, as the bench prints them. */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** A budget in KiB: whole when it is (size-limit's limits are written `142 KiB`). */
const budget = (bytes: number) => (bytes % 1024 === 0 ? `≤ ${bytes / 1024} KiB` : `≤ ${kib(bytes)}`);
const yesNo = (met: boolean) => (met ? 'yes' : 'no');
const page = (path: string) => `\`${path}\``;

/** One row: figure, measured median (or the single figure), worst run, target, met. */
type Row = [figure: string, measured: string, worst: string, target: string, met: string];
const notMeasured = (figure: string, target: string): Row => [figure, NOT_MEASURED, '–', target, '–'];

function profileName(results: BenchResults, id: string): string {
  const profile = results.profiles?.find((candidate) => candidate.id === id);
  return profile ? `${id} (${profile.rate}×)` : id;
}

/** The line above the table: when, in which browser, on how loaded a machine, at which CPU rates. */
function runLine(results: BenchResults): string {
  const parts = [
    results.date
      ? `Bench of ${results.date.slice(0, 16).replace('T', ' ')} UTC`
      : 'Bench of an unrecorded date',
  ];
  if (results.chromium) parts.push(results.chromium);
  if (results.node) parts.push(`Node ${results.node}`);
  const { before, after } = results.loadAverage ?? {};
  if (before?.[0] !== undefined && after?.[0] !== undefined)
    parts.push(`load average ${before[0].toFixed(2)} before, ${after[0].toFixed(2)} after (1 min)`);
  if (results.runs !== undefined)
    parts.push(
      `${results.runs} runs per page${
        results.interactionRuns === undefined ? '' : `, ${results.interactionRuns} journeys per profile`
      }`,
    );
  const lighthouse = Object.values(results.lighthouse ?? {})
    .flatMap((run) => Object.values(run ?? {}))
    .find((page) => page?.version)?.version;
  if (lighthouse) parts.push(`Lighthouse ${lighthouse} (Lighthouse CI)`);
  const fitted = results.calibration?.hostIndex?.fitted;
  const profiles = (results.profiles ?? []).map((profile) => {
    const verified = results.calibration?.profiles?.find(
      (candidate) => candidate.id === profile.id,
    )?.verifiedIndex;
    return `${profile.id} ${profile.rate}×${
      typeof verified === 'number' && profile.targetIndex !== undefined
        ? ` (scored ${Math.round(verified)}, target ${profile.targetIndex})`
        : ''
    }`;
  });
  if (profiles.length > 0)
    parts.push(
      `${fitted === undefined ? 'CPU rates given, not calibrated' : `CPU calibrated on a host index of ${Math.round(fitted)} (fit)`}: ${profiles.join(', ')}`,
    );
  else parts.push('no CPU profiles');
  return `${parts.join(' · ')}.`;
}

function lighthouseRows(results: BenchResults): Row[] {
  return LIGHTHOUSE_CONFIGS.flatMap(({ name, title, config }) => {
    const rate = results.profiles?.find((profile) => profile.id === 'low-tier')?.rate;
    const setting = name === 'mobile-low-tier' && rate !== undefined ? `${title} (${rate}×)` : title;
    const paths = config.ci.collect.url.map((url) => new URL(url).pathname);
    const rows = paths.flatMap((path) =>
      config.ci.assert.assertMatrix
        .filter(({ matchingUrlPattern }) => new RegExp(matchingUrlPattern).test(path))
        .flatMap(({ assertions }) => Object.entries(assertions))
        .filter(([audit]) => audit in LIGHTHOUSE_FIGURES)
        .map(([audit, [, options]]): Row => {
          const figure = LIGHTHOUSE_FIGURES[audit]!;
          const aggregation =
            AGGREGATION[options.aggregationMethod ?? 'median-run'] ?? options.aggregationMethod;
          const bound = figure.ms ? options.maxNumericValue : (options.minScore ?? 0) * 100;
          const target = figure.ms
            ? `≤ ${bound} ms (${aggregation})`
            : `${bound === 100 ? '' : '≥ '}${bound} (${aggregation})`;
          const label = `Lighthouse ${setting}, ${page(path)}: ${figure.label}`;
          const measured = results.lighthouse?.[name]?.[path];
          const runs = measured?.runs?.map(figure.read).filter((value) => value !== undefined) ?? [];
          const middle = measured
            ? figure.read({ scores: measured.scores ?? {}, metrics: measured.metrics ?? {} })
            : undefined;
          if (middle === undefined || runs.length === 0 || bound === undefined)
            return notMeasured(label, target);
          const worst = figure.ms ? Math.max(...runs) : Math.min(...runs);
          // lhci judges `pessimistic` on the worst run, the others on the middle one.
          const judged = options.aggregationMethod === 'pessimistic' ? worst : middle;
          const format = (value: number) => (figure.ms ? ms(value) : String(Math.round(value)));
          return [
            label,
            format(middle),
            format(worst),
            target,
            yesNo(figure.ms ? judged <= bound : judged >= bound),
          ];
        }),
    );
    const verdict = results.lighthouseAssertions?.[name];
    const all = `Lighthouse ${setting}: every assertion of \`lighthouserc.cjs\` (\`lhci assert\`)`;
    return [
      ...rows,
      verdict
        ? [all, verdict.passed ? 'passed' : 'failed', '–', 'all pass', yesNo(verdict.passed)]
        : notMeasured(all, 'all pass'),
    ];
  });
}

function sizeRows(results: BenchResults): Row[] {
  const budgets = results.sizeLimit ?? [];
  const scripts = results.servedJs?.scripts?.length;
  // The landing budgets count the same copies nginx sends; their figure is what nginx sent.
  const landing = (
    [
      ['brotli', 'a brotli browser', '(.br)'],
      ['gzipOnly', 'a gzip-only browser', '(.gz)'],
    ] as const
  ).map(([client, to, copy]): Row => {
    const limit = budgets.find((entry) => entry.name.startsWith('landing') && entry.name.endsWith(copy));
    const target = limit ? `${budget(limit.sizeLimit)} (size-limit)` : 'size-limit budget';
    const figure = `landing JS as nginx sends it to ${to}${scripts === undefined ? '' : ` (${scripts} scripts)`}`;
    const served = results.servedJs?.served?.[client]?.bytes;
    if (served === undefined || !limit) return notMeasured(figure, target);
    return [figure, kib(served), '–', target, yesNo(served <= limit.sizeLimit)];
  });
  const others = budgets
    .filter((entry) => !entry.name.startsWith('landing'))
    .map((entry): Row => [
      `JS for ${entry.name}`,
      kib(entry.size),
      '–',
      `${budget(entry.sizeLimit)} (size-limit)`,
      yesNo(entry.passed),
    ]);
  return [...landing, ...others];
}

function tapRows(results: BenchResults): Row[] {
  return TAP_TARGETS.map(({ profile, bound, kind }): Row => {
    const journeys = results.interactions?.[profile] ?? [];
    const target = `≤ ${bound} ms each${kind ? ` (${kind})` : ''}`;
    const durations = (tap: string) =>
      journeys.map((journey) => journey[tap]?.duration).filter((value) => value !== undefined);
    const taps = Object.keys(journeys[0] ?? {}).filter((tap) => !isFloor(tap) && durations(tap).length > 0);
    const figure = `taps on ${profileName(results, profile)}: the slowest${taps.length > 0 ? ` of ${taps.length}` : ''}`;
    if (taps.length === 0) return notMeasured(figure, target);
    const medians = taps.map((tap) => ({ tap, duration: median(durations(tap)) }));
    const slowest = medians.reduce((a, b) => (b.duration > a.duration ? b : a));
    const worst = taps
      .flatMap((tap) => durations(tap).map((duration) => ({ tap, duration })))
      .reduce((a, b) => (b.duration > a.duration ? b : a));
    const within = medians.filter(({ duration }) => duration <= bound).length;
    return [
      figure,
      `${ms(slowest.duration)}, ${slowest.tap}; ${within} of ${taps.length} within`,
      `${ms(worst.duration)}, ${worst.tap}`,
      target,
      yesNo(within === taps.length),
    ];
  });
}

function loadingRows(results: BenchResults): Row[] {
  return PROFILES.flatMap((profile) =>
    LOADING_PAGES.flatMap((path) =>
      LOADING_TARGETS.map(({ key, label, bound }): Row => {
        const figure = `${page(path)} on ${profileName(results, profile)}, first visit, throttled network: ${label}`;
        const target = `≤ ${bound} ms`;
        const gaps = (results.loading?.[profile]?.[path] ?? [])
          .map((sample) => (sample[key] ?? NaN) - (sample.fcp ?? NaN))
          .filter((gap) => Number.isFinite(gap));
        if (gaps.length === 0) return notMeasured(figure, target);
        const middle = median(gaps);
        return [figure, ms(middle), ms(Math.max(...gaps)), target, yesNo(Math.round(middle) <= bound)];
      }),
    ),
  );
}

/** A round-trip row: the median interactive time, the slowest, and each run's waves against one. */
function roundTripRow(figure: string, samples: readonly RoundTripSample[]): Row {
  const target = `≤ ${ROUND_TRIP_BOUND_MS} ms, one wave`;
  const times = samples.map((sample) => sample.interactive).filter((time) => time !== undefined);
  if (times.length === 0) return notMeasured(figure, target);
  const middle = Math.round(median(times));
  const oneWave = samples.filter((sample) => sample.waves?.length === 1).length;
  return [
    figure,
    `${ms(middle)}; one wave in ${oneWave} of ${samples.length}`,
    ms(Math.max(...times)),
    target,
    yesNo(middle <= ROUND_TRIP_BOUND_MS && oneWave === samples.length),
  ];
}

function roundTripRows(results: BenchResults): Row[] {
  const { holdMs, rates = ROUND_TRIP_RATES, pages, engines } = results.roundTrips ?? {};
  const held = `every script held${holdMs === undefined ? '' : ` ${holdMs} ms`}`;
  const chromium = rates.flatMap(({ id }) =>
    LOADING_PAGES.map((path) =>
      roundTripRow(
        `${page(path)}, ${held}, Chromium ${id === 'unthrottled' ? 'unthrottled' : `on ${profileName(results, id)}`}: interactive`,
        pages?.[id]?.[path] ?? [],
      ),
    ),
  );
  const others = OTHER_ENGINES.flatMap((engine) =>
    LOADING_PAGES.map((path) =>
      roundTripRow(
        // The version as the driver reports it, `firefox/153.7.0`, `MiniBrowser/2.50.6` (WebKitGTK's).
        `${page(path)}, ${held}, ${ENGINE_NAMES[engine]} ${engines?.[engine]?.version?.split('/').pop() ?? ''}`.trimEnd() +
          ': interactive (from the request)',
        engines?.[engine]?.pages?.[path] ?? [],
      ),
    ),
  );
  return [...chromium, ...others];
}

/**
 * The block of the latest full bench, as markdown (not yet aligned by Prettier): the run's line, then
 * one row per figure with a target: Lighthouse (bench/lighthouserc.cjs), JS sizes (KiB = 1024 bytes),
 * taps per CPU profile, real-throttled loading and round trips (ms). Pure: it reads nothing but
 * `results` (and lighthouserc.cjs's assertions, read when the module loads); a section missing from
 * `results` gives rows that say "not measured", a missing field throws nothing.
 */
export function renderBenchTable(results: BenchResults): string {
  const rows = [
    ...lighthouseRows(results),
    ...sizeRows(results),
    ...tapRows(results),
    ...loadingRows(results),
    ...roundTripRows(results),
  ];
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    runLine(results),
    '',
    line(['figure', 'measured (median)', 'worst run', 'target', 'met']),
    line(['---', '---', '---', '---', '---']),
    ...rows.map(line),
  ].join('\n');
}

/** {@link renderBenchTable} formatted with the project's Prettier settings, as the page holds it. */
export async function formatBenchTable(results: BenchResults): Promise<string> {
  const options = await prettier.resolveConfig(join(ROOT, PERFORMANCE_DOC));
  return prettier.format(renderBenchTable(results), { ...options, parser: 'markdown' });
}

/**
 * The generated block of `doc` (between {@link BENCH_TABLE_START} and {@link BENCH_TABLE_END}), without
 * the blank lines around it. Throws when either marker is missing.
 */
export function benchTableBlock(doc: string): string {
  const start = doc.indexOf(BENCH_TABLE_START);
  const end = doc.indexOf(BENCH_TABLE_END);
  if (start === -1 || end < start)
    throw new Error(`${PERFORMANCE_DOC} has no ${BENCH_TABLE_START} … ${BENCH_TABLE_END} block`);
  return doc.slice(start + BENCH_TABLE_START.length, end).trim();
}

/** `doc` with its generated block replaced by `table`. Throws when either marker is missing. */
export function withBenchTable(doc: string, table: string): string {
  benchTableBlock(doc);
  const start = doc.indexOf(BENCH_TABLE_START) + BENCH_TABLE_START.length;
  return `${doc.slice(0, start)}\n\n${table.trim()}\n\n${doc.slice(doc.indexOf(BENCH_TABLE_END))}`;
}

/** Reads bench/results.json. Throws when the file is missing or is not JSON. */
export function readBenchResults(): BenchResults {
  return JSON.parse(read(BENCH_RESULTS)) as BenchResults;
}

/** Rewrites the generated block of docs/performance.md from bench/results.json. */
export async function writeBenchTable(): Promise<void> {
  const table = await formatBenchTable(readBenchResults());
  writeFileSync(join(ROOT, PERFORMANCE_DOC), withBenchTable(read(PERFORMANCE_DOC), table));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeBenchTable();
  console.log(`Wrote the bench table of ${PERFORMANCE_DOC} from ${BENCH_RESULTS}.`);
}
