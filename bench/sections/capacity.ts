/**
 * The capacity section: requests/s, p50/p99 latency and nginx's CPU time per response (ms) of nginx
 * sized as in production, loaded by autocannon on 127.0.0.1 (bench/lib/capacity.ts, about 1 min; no
 * browser, no CPU profile); a connection count beyond the load generator's `ulimit -n` is printed as
 * not measured.
 */
import { measureCapacity, type CapacityResult } from '../lib/capacity.ts';
import { table } from '../lib/table.ts';

/** Measures the build in `distDir`, each load logged to stderr as it starts. */
export function runCapacity(distDir: string): Promise<CapacityResult> {
  return measureCapacity(distDir, { log: (line) => process.stderr.write(`${line}\n`) });
}

/** The section's printed lines: one row per URL and connection count, and a warning per faulty load. */
export function printCapacity(capacity: CapacityResult): string[] {
  const { autocannon, workers, cores, clientOpenFiles, durationS, warmupS } = capacity;
  const rows = capacity.rows.map((row) =>
    row.measured
      ? [
          row.target.path,
          row.connections,
          Math.round(row.answersPerSecond),
          row.p50Ms,
          row.p99Ms,
          `${row.answers} × ${row.target.expectedStatus}`,
          Object.entries(row.otherStatuses)
            .map(([status, count]) => `${count} × ${status}`)
            .join(', ') || '–',
          `${row.errors} (${row.timeouts})`,
          row.serverCpuMsPerResponse.toFixed(3),
          Math.round(1000 / row.serverCpuMsPerResponse),
        ]
      : [row.target.path, row.connections, row.reason, '', '', '', '', '', '', ''],
  );
  const faulty = capacity.rows.flatMap((row) =>
    row.measured && (row.errors > 0 || Object.keys(row.otherStatuses).length > 0) ? [row] : [],
  );
  return [
    '',
    `Capacity of nginx sized as in production (worker_processes ${workers.processes}: ${cores} here, worker_connections ${workers.connections}, worker_rlimit_nofile ${workers.openFiles}) on 127.0.0.1, loaded by autocannon ${autocannon} on the same ${cores} cores (keep-alive connections, a browser's Accept-Encoding; ${durationS} s each after a ${warmupS} s warm-up; req/s counts right answers only; latency and CPU in ms; nginx's CPU time over the load and its warm-up, per response; the load generator may open ${clientOpenFiles} files)`,
    table(
      [
        'URL',
        'connections',
        'req/s',
        'p50',
        'p99',
        'right answers',
        'other statuses',
        'errors (timeouts)',
        'nginx CPU per response',
        'req/s per core at that cost',
      ],
      rows,
    ),
    ...faulty.map((row) => {
      const wrong = Object.values(row.otherStatuses).reduce((sum, count) => sum + count, 0);
      return `WARNING: ${row.target.path} at ${row.connections} connections: ${row.errors} of ${row.answers + wrong + row.errors} requests failed without an answer and ${wrong} got a wrong status; its req/s counts right answers only.`;
    }),
  ];
}
