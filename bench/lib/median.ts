/**
 * The bench's median: the middle value of `values`, the upper one of an even count (NaN for none).
 * Every printed table and docs/performance.md's table take it, so the two judge a run alike; the units
 * are the values' own.
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
