/**
 * Leaves the machines' `description`s (machines/*.ts) out of the production bundles. They are the
 * statecharts' documentation, which designers read in the Stately editor and the docs
 * (docs/statecharts/) show; the running shop never reads them, and they were about 2.7 kB of the
 * scripts a shopper downloads. Only a `description` property whose value is a plain string is removed,
 * so the machines' behaviour is untouched (tests/tooling/build/production-build.test.ts checks the bundles
 * hold none; the machines' own tests run on the sources, descriptions included).
 */
import type { Plugin } from 'vite';

/** An ESTree node, as far as this plugin reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** `description: 'text'` (or a template without expressions), not computed, not a method. */
function isDescription(node: Node): boolean {
  if (node.type !== 'Property' || node.computed || node.kind !== 'init') return false;
  const key = node.key as Node;
  const keyName = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
  const value = node.value as Node;
  const isPlainString =
    (value.type === 'Literal' && typeof value.value === 'string') ||
    (value.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0);
  return keyName === 'description' && isPlainString;
}

/** The `[start, end)` ranges of every description property below `node`. */
function descriptionRanges(node: Node, ranges: [number, number][] = []): [number, number][] {
  if (isDescription(node)) {
    ranges.push([node.start, node.end]);
    return ranges;
  }
  for (const value of Object.values(node))
    for (const child of Array.isArray(value) ? value : [value])
      if (isNode(child)) descriptionRanges(child, ranges);
  return ranges;
}

/** The plugin: every build (the client's and the prerender's), never the dev server or the tests. */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'pet-ball:strip-machine-descriptions',
    apply: 'build',
    // After TypeScript is compiled away: the code parses as JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]machines[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const ranges = descriptionRanges(this.parse(code) as unknown as Node);
        if (ranges.length === 0) return null;
        let stripped = code;
        for (const [start, end] of ranges.reverse()) {
          // The property's trailing comma goes with it; a last property's leading one may stay.
          const comma = /^\s*,/.exec(stripped.slice(end))?.[0].length ?? 0;
          stripped = stripped.slice(0, start) + stripped.slice(end + comma);
        }
        return { code: stripped, map: null };
      },
    },
  };
}
