/**
 * The shop's English texts as a shopper reads them, for model state assertions: the resource's
 * `{{name}}` placeholders filled in (i18next interpolation without escaping, as the app configures it).
 */

/** Fills `{{name}}` placeholders: `fillText('Qty: {{count}}', { count: 2 })` → `'Qty: 2'`. */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
