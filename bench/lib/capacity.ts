/**
 * Capacity: how many requests per second one nginx with deploy/nginx.conf answers, and how fast, when
 * many clients ask at once. The build is served as production serves it (scripts/hosting/nginx.ts with
 * {@link PRODUCTION_WORKERS}: a worker per core; only `listen` and `root` of the site changed) on
 * 127.0.0.1, and autocannon (bench/'s own, run as a child process) loads three URLs in turn at 10,
 * 100 and 1,000 keep-alive connections, each for {@link CAPACITY_DURATION_S} s after a
 * {@link CAPACITY_WARMUP_S} s warm-up: `/`, the largest landing script under /assets/ (both with a
 * browser's `Accept-Encoding`, so nginx sends the `.br` copies a browser gets) and an unknown path
 * (the not-found page, whose right answer is a 404), each checked once first. Nothing leaves the
 * machine. It measures the server, not a phone: no browser, no CPU profile. The load generator
 * shares the machine's cores with nginx, so the rates are a floor of what nginx alone does here; each
 * row also gives nginx's own CPU time per response (its processes' times in /proc), which the other
 * processes on the machine hardly move. Times in ms, rates in requests/s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_WORKERS, serveWithNginx, type NginxWorkers } from '../../scripts/hosting/nginx.ts';

/** Concurrent connections of each load, in turn. */
export const CAPACITY_CONNECTIONS: readonly number[] = [10, 100, 1000];
/** How long each load is measured, s. */
export const CAPACITY_DURATION_S = 5;
/** How long each load runs first, unmeasured (nginx's and the page cache's first reads), s. */
export const CAPACITY_WARMUP_S = 1;
/** `Accept-Encoding` of every request: what a browser sends over HTTPS, so nginx picks the `.br` copy. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Files the load generator holds besides its sockets (Node's own, stdio, its modules): a margin. */
const CLIENT_FILES_MARGIN = 64;
/** autocannon in bench/node_modules, the package bench/package.json pins (found when used, not on import). */
const autocannonDir = () => fileURLToPath(new URL('../node_modules/autocannon/', import.meta.url));
/** Every target is sent as its brotli copy (deploy/nginx.conf's `brotli_static`). */
const EXPECTED_ENCODING = 'br';
/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS_PER_S = 100;
/** How long a load may outlive its planned duration before it is stopped as hung, ms. */
const HANG_MS = 30_000;

/** One URL loaded: its path, what it stands for, and the status that is its right answer. */
export interface CapacityTarget {
  /** The table's name for it. */
  readonly label: string;
  /** Path on the server, e.g. `/assets/react-<hash>.js`. */
  readonly path: string;
  /** The status of a right answer (404 for the not-found page). */
  readonly expectedStatus: number;
}

/**
 * The largest landing script by the bytes nginx sends for it (its `.br` copy): the heaviest request a
 * page view makes. Landing scripts are every `.js` but the checkout route's chunk and the service
 * worker's registration, as in bench/lib/served-js.ts and `.size-limit.cjs`.
 * @param scripts each `assets/*.js` file with its `.br` copy's size in bytes (undefined: no copy)
 * @returns the file's name (without `assets/`)
 * @throws when no landing script has a `.br` copy
 */
export function largestLandingScript(
  scripts: ReadonlyArray<{ name: string; brBytes: number | undefined }>,
): string {
  const landing = scripts.filter(
    (script): script is { name: string; brBytes: number } =>
      script.name.endsWith('.js') &&
      !script.name.startsWith('checkout-page-') &&
      !script.name.startsWith('workbox-registration-') &&
      script.brBytes !== undefined,
  );
  const largest = landing.reduce<{ name: string; brBytes: number } | undefined>(
    (found, script) => (found === undefined || script.brBytes > found.brBytes ? script : found),
    undefined,
  );
  if (!largest) throw new Error('the build has no landing script with a .br copy under assets/');
  return largest.name;
}

/** The three URLs the capacity section loads, for the build in `distDir`. */
export function capacityTargets(distDir: string): CapacityTarget[] {
  const assets = join(distDir, 'assets');
  const files = new Set(readdirSync(assets));
  const script = largestLandingScript(
    [...files]
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({
        name,
        brBytes: files.has(`${name}.br`) ? statSync(join(assets, `${name}.br`)).size : undefined,
      })),
  );
  return [
    { label: 'landing page', path: '/', expectedStatus: 200 },
    { label: 'landing script (br)', path: `/assets/${script}`, expectedStatus: 200 },
    { label: 'not-found page', path: '/no-such-page', expectedStatus: 404 },
  ];
}

/**
 * Asks for `url` once as each load will, so a load never measures something else than it claims (a
 * missing file's 404, an uncompressed copy).
 * @throws when the status is not `expectedStatus` or the body is not sent as brotli
 */
export function checkTarget(url: string, expectedStatus: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'Accept-Encoding': ACCEPT_ENCODING } }, (response) => {
      response.resume();
      response.on('end', () => {
        const encoding = response.headers['content-encoding'] ?? 'identity';
        if (response.statusCode !== expectedStatus || encoding !== EXPECTED_ENCODING)
          reject(
            new Error(
              `${url} answered ${response.statusCode} as ${encoding}, ` +
                `not ${expectedStatus} as ${EXPECTED_ENCODING}`,
            ),
          );
        else resolve();
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The part of autocannon's `--json` result the section reads (counts of requests; times in ms). */
export interface AutocannonResult {
  /** Measured duration, s. */
  readonly duration: number;
  /** Socket errors and timeouts. */
  readonly errors: number;
  readonly timeouts: number;
  /** Responses by status code. */
  readonly statusCodeStats: Readonly<Record<string, { count: number }>>;
  /** Response time percentiles of every response, ms. */
  readonly latency: { readonly p50: number; readonly p99: number };
  /** Responses completed (`total`) and requests sent (`sent`). */
  readonly requests: { readonly total: number; readonly sent: number };
  /** The warm-up's own result, when there was one. */
  readonly warmup?: { readonly requests: { readonly total: number } };
}

/**
 * autocannon's result from its `--json` output: newline-delimited JSON whose last line is the
 * measured run (a warm-up prints its own line first).
 * @throws when the output holds no result
 */
export function parseAutocannonOutput(stdout: string): AutocannonResult {
  const last = stdout.trim().split('\n').at(-1);
  const result: unknown = last ? JSON.parse(last) : undefined;
  if (
    typeof result !== 'object' ||
    result === null ||
    !('statusCodeStats' in result) ||
    !('latency' in result) ||
    !('duration' in result)
  )
    throw new Error(`autocannon printed no result: ${stdout.slice(0, 200)}`);
  return result as AutocannonResult;
}

/** One load's figures; `measured: false` when it could not be run honestly, with why. */
export type CapacityRow = {
  readonly target: CapacityTarget;
  readonly connections: number;
} & (
  | {
      readonly measured: true;
      /** Right answers (the target's expected status) per second of the measured duration. */
      readonly answersPerSecond: number;
      /** Response time percentiles, ms. */
      readonly p50Ms: number;
      readonly p99Ms: number;
      /** Right answers, in all. */
      readonly answers: number;
      /** Responses with any other status, by status. */
      readonly otherStatuses: Readonly<Record<string, number>>;
      /** Requests that failed without a response (refused, reset, timed out), timeouts among them. */
      readonly errors: number;
      readonly timeouts: number;
      /**
       * nginx's CPU time (master and workers, user and system) per response of the load and its
       * warm-up, ms: what a request costs the server whoever else uses the cores.
       */
      readonly serverCpuMsPerResponse: number;
    }
  | { readonly measured: false; readonly reason: string }
);

/**
 * The row of one load from autocannon's result and the CPU time nginx spent over it (`serverCpuMs`,
 * the warm-up included): only the target's expected status counts as an answer (a 404 is the
 * not-found page's right answer, a 200 there would be wrong).
 */
export function capacityRow(
  target: CapacityTarget,
  connections: number,
  result: AutocannonResult,
  serverCpuMs: number,
): CapacityRow {
  const otherStatuses = Object.fromEntries(
    Object.entries(result.statusCodeStats)
      .filter(([status]) => Number(status) !== target.expectedStatus)
      .map(([status, { count }]) => [status, count]),
  );
  const answers = result.statusCodeStats[String(target.expectedStatus)]?.count ?? 0;
  return {
    target,
    connections,
    measured: true,
    answersPerSecond: result.duration > 0 ? answers / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answers,
    otherStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMsPerResponse: serverCpuMs / (result.requests.total + (result.warmup?.requests.total ?? 0)),
  };
}

/**
 * The parent's id and the CPU time (user + system, clock ticks) of one process from its
 * /proc/<pid>/stat line (its name, in parentheses, may hold spaces).
 */
export function parseProcStat(stat: string): { ppid: number; ticks: number } {
  // Fields after the name: state (3), ppid (4), …, utime (14), stime (15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The CPU time (user + system) of process `pid` and its children so far, ms (Linux's /proc). */
export function processTreeCpuMs(pid: number): number {
  const stat = (id: string) => {
    try {
      return parseProcStat(readFileSync(`/proc/${id}/stat`, 'utf8'));
    } catch {
      return undefined; // it exited meanwhile
    }
  };
  let ticks = stat(String(pid))?.ticks ?? 0;
  for (const id of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const child = stat(id);
    if (child?.ppid === pid) ticks += child.ticks;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

/**
 * Why `connections` cannot be opened by a client allowed `openFiles` open files (`ulimit -n`), or
 * undefined when they can.
 */
export function clientLimitReason(connections: number, openFiles: number): string | undefined {
  return connections + CLIENT_FILES_MARGIN > openFiles
    ? `not measured: the load generator may open ${openFiles} files (ulimit -n), ` +
        `${connections} connections need ${connections + CLIENT_FILES_MARGIN}`
    : undefined;
}

/**
 * The open-files limit a child of the bench gets (`ulimit -n` in a child shell: Node raises its own
 * soft limit to the hard one at start, and children inherit it). Infinity when unlimited.
 */
export function clientOpenFiles(): number {
  const output = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return output === 'unlimited' ? Number.POSITIVE_INFINITY : Number(output);
}

/**
 * Runs one load with autocannon as a child process of the bench, which is stopped on every path: when
 * it ends, fails, hangs past its duration, or the bench exits.
 * @returns its result
 * @throws when autocannon exits non-zero, prints no result or hangs
 */
export async function runAutocannon(
  url: string,
  { connections, durationS, warmupS }: { connections: number; durationS: number; warmupS: number },
): Promise<AutocannonResult> {
  const args = [
    join(autocannonDir(), 'autocannon.js'),
    '--json',
    ...['--connections', String(connections), '--duration', String(durationS)],
    ...['--headers', `Accept-Encoding=${ACCEPT_ENCODING}`],
    ...['--warmup', '[', '--connections', String(connections), '--duration', String(warmupS), ']'],
    url,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stopChild = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stopChild);
  let hang: NodeJS.Timeout | undefined;
  try {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
      hang = setTimeout(
        () =>
          reject(new Error(`autocannon ran ${HANG_MS / 1000} s past its ${durationS + warmupS} s: stopped`)),
        (durationS + warmupS) * 1000 + HANG_MS,
      );
    });
    if (status !== 0) throw new Error(`autocannon exited with ${status}: ${stderr.trim()}`);
    return parseAutocannonOutput(stdout);
  } finally {
    clearTimeout(hang);
    stopChild();
    process.off('exit', stopChild);
  }
}

/** What {@link measureCapacity} measured, and on what. */
export interface CapacityResult {
  /** autocannon's version. */
  readonly autocannon: string;
  /** nginx's worker sizing (the main config), and the cores `auto` gives workers for. */
  readonly workers: NginxWorkers;
  readonly cores: number;
  /** The load generator's open-files limit (`ulimit -n`). */
  readonly clientOpenFiles: number;
  /** Each load's measured and warm-up duration, s. */
  readonly durationS: number;
  readonly warmupS: number;
  /** One row per target and connection count, targets in turn. */
  readonly rows: readonly CapacityRow[];
}

/**
 * Serves the build in `distDir` with production's nginx sizing on a free port of 127.0.0.1, loads
 * each target at each connection count in turn, and stops nginx (also when a load fails).
 * @param log one line per load, as it starts
 * @throws when nginx cannot start or autocannon fails
 */
export async function measureCapacity(
  distDir: string,
  { log = () => {} }: { log?: (line: string) => void } = {},
): Promise<CapacityResult> {
  const openFiles = clientOpenFiles();
  const targets = capacityTargets(distDir);
  const { version } = JSON.parse(readFileSync(join(autocannonDir(), 'package.json'), 'utf8')) as {
    version: string;
  };
  const server = await serveWithNginx(distDir, { workers: PRODUCTION_WORKERS });
  try {
    for (const target of targets) await checkTarget(`${server.baseURL}${target.path}`, target.expectedStatus);
    const rows: CapacityRow[] = [];
    for (const target of targets)
      for (const connections of CAPACITY_CONNECTIONS) {
        const reason = clientLimitReason(connections, openFiles);
        if (reason) {
          rows.push({ target, connections, measured: false, reason });
          continue;
        }
        log(`capacity ${target.path} at ${connections} connections`);
        const cpuBefore = processTreeCpuMs(server.pid);
        const result = await runAutocannon(`${server.baseURL}${target.path}`, {
          connections,
          durationS: CAPACITY_DURATION_S,
          warmupS: CAPACITY_WARMUP_S,
        });
        rows.push(capacityRow(target, connections, result, processTreeCpuMs(server.pid) - cpuBefore));
      }
    return {
      autocannon: version,
      workers: PRODUCTION_WORKERS,
      cores: availableParallelism(),
      clientOpenFiles: openFiles,
      durationS: CAPACITY_DURATION_S,
      warmupS: CAPACITY_WARMUP_S,
      rows,
    };
  } finally {
    await server.stop();
  }
}
