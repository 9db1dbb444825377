/**
 * Money formatting at the UI edge. Amounts are integer US cents everywhere else.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats integer cents as US dollars, e.g. `2198` → `'$21.98'`. Uses `Intl.NumberFormat` (en-US, USD). */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
