/**
 * Order numbers (spec §4, §9): 'PB-' plus the last six digits of a timestamp.
 */

/**
 * The order number for a timestamp in ms since the epoch, e.g. `1700000123456` → `'PB-123456'`.
 * Timestamps with fewer than six digits are left-padded with zeros so the format is always `PB-\d{6}`.
 */
export function orderNumberFromTimestamp(timestampMs: number): string {
  const digits = String(Math.trunc(Math.abs(timestampMs)));
  return `PB-${digits.slice(-6).padStart(6, '0')}`;
}
