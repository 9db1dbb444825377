/**
 * Lets a tsx script read the machines as the Stately editor does, with `@xstate/machine-extractor` 0.16
 * (tests/support/stately/machine-graph.ts), as vitest.config.ts's `stately` project does with aliases:
 * the extractor is built for XState 4, and its `require`s of `xstate/lib/actions` and `xstate/lib/types`,
 * which XState 5 does not have, reach the stand-ins in tests/support/stately/ (tsx loads them).
 * Usage: `tsx --import ./scripts/docs/stately-extractor-hooks.ts <script>`.
 */
import Module from 'node:module';
import { fileURLToPath } from 'node:url';

const STAND_INS: Readonly<Record<string, string>> = {
  'xstate/lib/actions': fileURLToPath(
    new URL('../../tests/support/stately/xstate-v4-actions.ts', import.meta.url),
  ),
  'xstate/lib/types': fileURLToPath(
    new URL('../../tests/support/stately/xstate-v4-types.ts', import.meta.url),
  ),
};

type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function resolveStandIn(this: unknown, request, ...rest) {
  return resolveFilename.call(this, STAND_INS[request] ?? request, ...rest);
};
