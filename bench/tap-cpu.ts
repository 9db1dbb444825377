/**
 * Main-thread CPU time per tap, from a Chromium trace: a figure that, unlike Event Timing durations,
 * hardly moves when other processes compete for the CPU (thread time `tdur` counts only the time the
 * renderer's main thread actually ran). For each tap of the bench's journey (landing page, cart, then
 * checkout after 'Proceed to Checkout') it traces the tap plus 400 ms (no CPU throttling: 1× ms of
 * this machine) and sums, on the renderer main thread:
 * all top-level tasks, event handlers (`EventDispatch`, React's render and commit run inside them),
 * style recalculation (`UpdateLayoutTree`, with the most elements restyled), layout and paint.
 * Prints medians of `--runs` journeys (default 5).
 *
 * Usage: npx tsx bench/tap-cpu.ts <dist dir> [--port 4386] [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { serveWithNginx } from '../scripts/hosting/nginx.ts';
import type { ElementQuery } from '@support/browsers/in-page.ts';
import { locate } from './lib/dom.ts';
import { FIRST_TARGET, JOURNEY, TOUCH_DEVICE, waitForHydration, type TapStep } from './lib/interactions.ts';
import { median } from './lib/median.ts';
import { newBenchContext } from './lib/browser-context.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const distDir = args[0];
if (!distDir) throw new Error('Usage: npx tsx bench/tap-cpu.ts <dist dir> [--port 4386] [--runs 5]');
const port = option('--port', 4386);
const runs = option('--runs', 5);

/** The interaction bench's journey (bench/lib/interactions.ts), its taps only. */
const TAPS = JOURNEY.filter((step): step is TapStep => step.target !== undefined);

/** A trace event of the categories traced, with the fields read here (times in µs). */
interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly elementCount?: number };
}

/** One tap's main-thread sums, ms, and the most elements one style recalculation restyled. */
interface TapCpu {
  readonly tasks: number;
  readonly handlers: number;
  readonly style: number;
  readonly maxRestyled: number;
  readonly layout: number;
  readonly paint: number;
}

/** Traces one tap on `target` and returns thread-time sums in ms. */
async function traceTap(page: Page, cdp: CDPSession, target: ElementQuery): Promise<TapCpu> {
  const { x, y } = await locate(page, target, { settleMs: 300 });
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'] },
  });
  await page.touchscreen.tap(x, y);
  await page.evaluate(() => new Promise((resolve) => window.setTimeout(resolve, 400)));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.ph === 'X' && e.tid === main?.tid && e.pid === main?.pid);
  const total = (list: readonly TraceEvent[]) => list.reduce((ms, e) => ms + (e.tdur ?? 0), 0) / 1000;
  const sum = (name: string) => total(onMain.filter((e) => e.name === name));
  // Events nest (a label's click dispatches the radio's click): count the outermost dispatches only.
  const dispatches = onMain.filter((e) => e.name === 'EventDispatch');
  const outermost = dispatches.filter(
    (e) => !dispatches.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur),
  );
  const recalcs = onMain.filter((e) => e.name === 'UpdateLayoutTree');
  return {
    tasks: total(onMain.filter((e) => e.name.endsWith('RunTask'))),
    handlers: total(outermost),
    style: sum('UpdateLayoutTree'),
    maxRestyled: Math.max(0, ...recalcs.map((e) => e.args?.elementCount ?? 0)),
    layout: sum('Layout'),
    paint: sum('Paint'),
  };
}

const chromePath = execFileSync('bash', ['scripts/setup/find-chromium.sh'], { encoding: 'utf8' }).trim();
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const loadBefore = load();
const server = await serveWithNginx(distDir, { port });
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
const samples: Record<string, TapCpu[]> = Object.fromEntries(TAPS.map(({ name }) => [name, []]));
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await newBenchContext(browser, TOUCH_DEVICE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForLoadState('networkidle');
    await waitForHydration(page);
    // The first query loads the test house's queries into the page: before anything is traced.
    await locate(page, FIRST_TARGET);
    for (const { name, target, before, after } of TAPS) {
      await before?.(page);
      samples[name]?.push(await traceTap(page, cdp, target));
      await after?.(page);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`tap-cpu ${distDir} · load average ${loadBefore} → ${load()} · median of ${runs} · thread ms, 1× CPU`);
console.log('interaction | main-thread tasks | handlers (JS) | style | most restyled | layout | paint');
for (const { name } of TAPS) {
  const pick = (key: keyof TapCpu) => median((samples[name] ?? []).map((s) => s[key]));
  console.log(
    [name, ...(['tasks', 'handlers', 'style'] as const).map((k) => pick(k).toFixed(1)), pick('maxRestyled'), ...(['layout', 'paint'] as const).map((k) => pick(k).toFixed(1))].join(' | '),
  );
}
