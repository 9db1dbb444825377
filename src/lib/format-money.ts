/**
 * Money formatting at the UI edge. Amounts are integer US cents everywhere else.
 *
 * Why not `Intl.NumberFormat` at run time: a page's first `Intl.NumberFormat` makes the engine build its
 * list of available locales, one task of 35–90 ms at 1× CPU in the bench's Chromium (about 5× that on
 * the low-tier phone profile), which alone broke the load's long-task budget
 * (docs/decisions/0012-money-formatted-without-intl.md). The shop shows one currency in one locale, so
 * integer arithmetic writes the same text; `Intl.NumberFormat('en-US', { style: 'currency' })` stays the
 * definition of correct: tests/unit/lib/format-money.test.ts compares the two over every kind of amount.
 */

/** Groups of three digits separated by commas, as en-US writes them: `'1234567'` → `'1,234,567'`. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Formats integer cents as US dollars in en-US, e.g. `2198` → `'$21.98'`, `123456` → `'$1,234.56'`,
 * `-5` → `'-$0.05'`: exactly what `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes for `cents / 100`, without its floating point.
 * @param cents an integer amount of US cents (the machines' pricing, spec §9 prices)
 * @throws RangeError when `cents` is not a safe integer (a bug upstream: money is never fractional)
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatCents needs integer cents, not ${cents}`);
  const magnitude = Math.abs(cents);
  const dollars = groupThousands(String(Math.trunc(magnitude / 100)));
  const rest = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}
