/**
 * Money formatting at the UI edge. Amounts are integer US cents everywhere else.
 */
let usd: Intl.NumberFormat | undefined;

/**
 * The en-US dollar formatter (`Intl.NumberFormat`, style currency), created on first use. A page's first
 * `Intl.NumberFormat` takes 20–50 ms at 1× CPU in the bench's Chromium, ~100 ms or more at its 4×
 * (the engine builds its list of available locales; `Intl.NumberFormat.supportedLocalesOf` alone costs
 * as much): a long task in the way of the first taps. The entry creates it in a task of its own
 * (src/boot/library-stages.ts), not inside the shop's evaluation or hydration.
 */
export function usdFormat(): Intl.NumberFormat {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd;
}

/** Formats integer cents as US dollars, e.g. `2198` → `'$21.98'`. Uses {@link usdFormat}. */
export function formatCents(cents: number): string {
  return usdFormat().format(cents / 100);
}
