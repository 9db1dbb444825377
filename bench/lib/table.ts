/** The bench's printed tables: plain text, columns padded and separated by ` | `. */

/** A cell: text, or a number printed as it is. */
export type Cell = string | number;

const pad = (cells: readonly Cell[], widths: readonly number[]) =>
  cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join(' | ');

/** `rows` under `header`, each column as wide as its widest cell, trailing spaces trimmed. */
export function table(header: readonly Cell[], rows: readonly (readonly Cell[])[]): string {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i]).length)));
  return [pad(header, widths), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map((r) => pad(r, widths))]
    .map((line) => line.trimEnd())
    .join('\n');
}

/** `bytes` in KiB (1024 bytes), one decimal, without the unit. */
export const kib = (bytes: number): string => (bytes / 1024).toFixed(1);

/** `bytes` in kB (1000 bytes), one decimal, without the unit. */
export const kb = (bytes: number): string => (bytes / 1000).toFixed(1);
