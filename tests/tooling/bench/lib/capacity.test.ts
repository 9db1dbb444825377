/**
 * bench/lib/capacity.ts's pure parts: which script the capacity section loads, how autocannon's
 * `--json` output becomes a table row (a 404 is the not-found page's right answer), and when the load
 * generator's open-files limit forbids a connection count.
 */
import { describe, expect, it } from 'vitest';
import {
  capacityRow,
  clientLimitReason,
  largestLandingScript,
  parseAutocannonOutput,
  parseProcStat,
  type AutocannonResult,
  type CapacityTarget,
} from '../../../../bench/lib/capacity';

const NOT_FOUND: CapacityTarget = { label: 'not-found page', path: '/no-such-page', expectedStatus: 404 };

/** autocannon's result as it prints it, with only the fields the section reads (ms, counts). */
function result(statusCodeStats: Record<string, { count: number }>, extra: Partial<AutocannonResult> = {}) {
  return {
    duration: 5.02,
    errors: 0,
    timeouts: 0,
    statusCodeStats,
    latency: { p50: 7, p99: 115 },
    requests: { total: 0, sent: 0 },
    ...extra,
  };
}

describe('largestLandingScript', () => {
  it('picks the landing script with the largest brotli copy, never the checkout or registration chunk', () => {
    expect(
      largestLandingScript([
        { name: 'index-a1.js', brBytes: 1_300 },
        { name: 'react-b2.js', brBytes: 95_000 },
        { name: 'checkout-page-c3.js', brBytes: 120_000 },
        { name: 'workbox-registration-d4.js', brBytes: 130_000 },
        { name: 'vendor-e5.js', brBytes: 41_000 },
      ]),
    ).toBe('react-b2.js');
  });

  it('skips a script without a brotli copy, which nginx could not send as br', () => {
    expect(
      largestLandingScript([
        { name: 'react-b2.js', brBytes: undefined },
        { name: 'vendor-e5.js', brBytes: 41_000 },
      ]),
    ).toBe('vendor-e5.js');
  });

  it('throws when the build has no landing script with a brotli copy', () => {
    expect(() => largestLandingScript([{ name: 'checkout-page-c3.js', brBytes: 1 }])).toThrow(
      /no landing script/,
    );
  });
});

describe('parseAutocannonOutput', () => {
  it("reads the measured run, the last line, not the warm-up's line before it", () => {
    const warmUp = JSON.stringify(result({ 404: { count: 4797 } }, { duration: 1.23 }));
    const measured = JSON.stringify(result({ 404: { count: 12741 } }, { duration: 2.07 }));
    expect(parseAutocannonOutput(`${warmUp}\n${measured}\n`)).toMatchObject({
      duration: 2.07,
      statusCodeStats: { 404: { count: 12741 } },
    });
  });

  it('throws when autocannon printed no result', () => {
    expect(() => parseAutocannonOutput('')).toThrow(/no result/);
    expect(() => parseAutocannonOutput('{"error":"ECONNREFUSED"}')).toThrow(/no result/);
  });
});

describe('capacityRow', () => {
  it("counts the not-found page's 404s as right answers per second of the measured duration", () => {
    const row = capacityRow(NOT_FOUND, 100, result({ 404: { count: 10_040 } }, { duration: 5.02 }), 1000);
    expect(row).toMatchObject({
      measured: true,
      connections: 100,
      answersPerSecond: expect.closeTo(2000, 6),
      answers: 10_040,
      p50Ms: 7,
      p99Ms: 115,
      otherStatuses: {},
      errors: 0,
    });
  });

  it('leaves a wrong status and failed requests out of the rate and reports them', () => {
    const statuses = { 404: { count: 5_000 }, 200: { count: 20 }, 503: { count: 7 } };
    const row = capacityRow(NOT_FOUND, 1000, result(statuses, { duration: 5, errors: 12, timeouts: 3 }), 500);
    expect(row).toMatchObject({
      answersPerSecond: 1000,
      otherStatuses: { 200: 20, 503: 7 },
      errors: 12,
      timeouts: 3,
    });
  });

  it("divides nginx's CPU time by every response it sent, the warm-up's included", () => {
    const measured = result({ 404: { count: 9_000 } }, { requests: { total: 9_000, sent: 9_100 } });
    const row = capacityRow(NOT_FOUND, 10, { ...measured, warmup: { requests: { total: 1_000 } } }, 500);
    expect(row).toMatchObject({ serverCpuMsPerResponse: 0.05 });
  });
});

describe('parseProcStat', () => {
  it("reads the parent and user + system clock ticks after a process name holding spaces and ')'", () => {
    const stat =
      '4242 (nginx: worker) process) S 4241 4241 25617 0 -1 4194368 99 0 0 0 ' +
      '250 75 0 0 20 0 1 0 142192 3133440 365 18446744073709551615';
    expect(parseProcStat(stat)).toEqual({ ppid: 4241, ticks: 325 });
  });
});

describe('clientLimitReason', () => {
  it('says plainly that 1,000 connections are not measured under a 1024-file limit', () => {
    expect(clientLimitReason(1000, 1024)).toBe(
      'not measured: the load generator may open 1024 files (ulimit -n), 1000 connections need 1064',
    );
    expect(clientLimitReason(100, 1024)).toBeUndefined();
  });

  it('lets 1,000 connections through a raised limit', () => {
    expect(clientLimitReason(1000, 20_000)).toBeUndefined();
    expect(clientLimitReason(1000, Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});
