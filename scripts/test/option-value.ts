/**
 * The value of a command-line option given as two arguments (`--label e2e`): `args[index]`, the
 * argument after the option. Throws `Error('<option> needs a value')` when there is none, so a runner
 * stops with a clear message instead of running with `undefined`.
 */
export function optionValue(args: readonly string[], option: string, index: number): string {
  const value = args[index];
  if (value === undefined) throw new Error(`${option} needs a value`);
  return value;
}
