/**
 * The sizes section: the per-page JS budget from size-limit (bench/.size-limit.cjs: the `.br` and
 * `.gz` copies nginx sends, fails on growth); the landing JS as the project's nginx sends it to a
 * brotli browser, a gzip-only one and one accepting neither, next to the files' figures
 * (bench/lib/served-js.ts); and the bytes `/` and `/checkout` load before any interaction (Playwright,
 * fresh cache, 412×823: requests, HTML, JS, CSS, images; raw and gzip level 6 computed from the
 * decoded bodies).
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { BENCH_DIR, bin } from '../lib/bench-package.ts';
import { measureServedJs, type ServedJs } from '../lib/served-js.ts';
import { kb, kib, table } from '../lib/table.ts';
import { newBenchContext } from '../lib/browser-context.ts';

/** The pages whose bytes are counted. */
const PAGES = ['/', '/checkout'];
/** Lighthouse's mobile emulation viewport, CSS px. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };
/** What the byte counts are grouped by. */
const KINDS = ['html', 'js', 'css', 'image', 'other'] as const;
type Kind = (typeof KINDS)[number];
/** Playwright's resource type → kind; every other type is `other`. */
const KIND_OF: Readonly<Record<string, Kind>> = { document: 'html', script: 'js', stylesheet: 'css', image: 'image' };

/** One size-limit budget: `size` and `sizeLimit` in bytes (of the compressed copies), `passed`. */
export interface SizeLimitEntry {
  readonly name: string;
  readonly size: number;
  readonly sizeLimit: number;
  readonly passed: boolean;
}

/** One page's load before interaction: requests made, their URLs, bytes per kind (raw and gzip -6). */
export interface PageBytes {
  readonly requests: number;
  readonly urls: string[];
  readonly bytes: Record<Kind, { raw: number; gzip: number }>;
}

/** What the section measured. */
export interface SizesResult {
  readonly sizeLimit: { readonly status: number | null; readonly results: SizeLimitEntry[] };
  readonly servedJs: ServedJs;
  /** Per page path. */
  readonly bytes: Record<string, PageBytes>;
}

/**
 * Runs size-limit (bench/.size-limit.cjs, found from bench/) on the build `env.DIST_DIR` names.
 * @throws when size-limit prints no JSON
 */
function runSizeLimit(env: NodeJS.ProcessEnv): SizesResult['sizeLimit'] {
  const result = spawnSync(bin('size-limit'), ['--json'], { env, encoding: 'utf8', cwd: BENCH_DIR });
  try {
    return { status: result.status, results: JSON.parse(result.stdout) as SizeLimitEntry[] };
  } catch {
    throw new Error(`size-limit failed: ${result.stdout}${result.stderr}`);
  }
}

/**
 * Loads `origin` + `path` in a fresh context at the mobile viewport and sums what it requested until
 * the load event plus network idle, without any interaction.
 */
async function measureBytes(browser: Browser, origin: string, path: string): Promise<PageBytes> {
  const context = await newBenchContext(browser, { viewport: MOBILE_VIEWPORT });
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  let requests = 0;
  page.on('request', () => (requests += 1));
  await page.goto(origin + path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, { raw: 0, gzip: 0 }])) as PageBytes['bytes'];
  const urls: string[] = [];
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const kind = KIND_OF[request.resourceType()] ?? 'other';
    bytes[kind].raw += body.length;
    bytes[kind].gzip += gzipSync(body, { level: 6 }).length;
    urls.push(`${kind} ${request.url().replace(origin, '')} ${body.length}`);
  }
  await context.close();
  return { requests, urls, bytes };
}

/**
 * Measures the section on the build in `distDir` served at `origin`; `env` is the bench's, with
 * DIST_DIR set for size-limit.
 */
export async function runSizes(
  browser: Browser,
  { origin, distDir, env }: { origin: string; distDir: string; env: NodeJS.ProcessEnv },
): Promise<SizesResult> {
  const sizeLimit = runSizeLimit(env);
  const servedJs = await measureServedJs(distDir);
  const bytes: Record<string, PageBytes> = {};
  for (const path of PAGES) bytes[path] = await measureBytes(browser, origin, path);
  return { sizeLimit, servedJs, bytes };
}

/** The section's printed lines: served JS (KiB), size-limit's budgets (KiB), bytes per page (kB). */
export function printSizes({ sizeLimit, servedJs, bytes }: SizesResult): string[] {
  const byteRows = Object.entries(bytes).map(([path, { requests, bytes: b }]) => {
    const total = Object.values(b).reduce((sum, k) => ({ raw: sum.raw + k.raw, gzip: sum.gzip + k.gzip }), {
      raw: 0,
      gzip: 0,
    });
    return [
      path,
      requests,
      ...KINDS.map((k) => `${kb(b[k].raw)} / ${kb(b[k].gzip)}`),
      `${kb(total.raw)} / ${kb(total.gzip)}`,
    ];
  });
  const { served, files, scripts } = servedJs;
  return [
    '',
    `Landing JS as nginx sends it (deploy/nginx.conf; ${scripts.length} scripts, KiB = 1024 bytes)`,
    table(
      ['client', 'sent as', 'KiB', 'file figure', 'KiB'],
      [
        ['accepts br', served.brotli.encodings.join(' '), kib(served.brotli.bytes), 'brotli 11', kib(files.br)],
        ['gzip only', served.gzipOnly.encodings.join(' '), kib(served.gzipOnly.bytes), 'gzip -9', kib(files.gz)],
        ['neither', served.identity.encodings.join(' '), kib(served.identity.bytes), 'raw', kib(files.raw)],
      ],
    ),
    '',
    'JS budget per page (size-limit on the copies nginx sends, KiB = 1024 bytes)',
    table(
      ['page', 'JS as sent', 'limit', 'ok'],
      sizeLimit.results.map((entry) => [entry.name, kib(entry.size), kib(entry.sizeLimit), entry.passed ? 'yes' : 'NO']),
    ),
    '',
    'Bytes loaded before interaction (kB raw / kB gzip, 1 kB = 1000 bytes; mobile viewport 412×823)',
    table(['page', 'requests', 'HTML', 'JS', 'CSS', 'images', 'other', 'total'], byteRows),
  ];
}
