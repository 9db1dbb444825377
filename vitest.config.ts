import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Vitest on top of vite.config.ts (its plugins and `@/`, `@machines/`, `@support/` aliases).
 * Five projects, each run with `vitest run --project <name>`, in Node but the first:
 * - `unit`: the unit and component tests of the app (tests/unit/, at the path of the code each tests),
 *   in jsdom, but those of the machines;
 * - `machines`: the machines' unit and property tests (tests/unit/machines/);
 * - `stately`: the machines as the Stately editor reads them (tests/unit/machines/stately/), with
 *   XState 4 stand-ins;
 * - `tooling`: the tooling's own tests (tests/tooling/: the build, scripts/, the bench, the lint rules);
 * - `model`: the generated paths of both machines (tests/model/).
 * `npm run test:unit` runs `unit`, `machines`, `stately` and `tooling`, `npm run test:model` runs `model`.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Shared by the projects below (`extends: true`).
      // The machines and the tooling need no DOM: jsdom's start, once per test file, was over a third
      // of the unit step's time. Only the `unit` project runs in jsdom.
      environment: 'node',
      globals: true,
      setupFiles: ['./tests/support/vitest-node-setup.ts'],
      restoreMocks: true,
      // A limit only stops a hang: no verdict may depend on the machine's speed. A jsdom render of the
      // whole page took 16 s in a worker's first render on this 2-core machine under load; every wait
      // in a test is on a condition or a fake clock. Builds inside tests set longer limits of their own.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      teardownTimeout: 60_000,
      // Two worker threads for this 2-core machine (Vitest's default is cores - 1 forks, here one):
      // measured on the whole suite, threads × 2 took 178 s, forks × 1 259 s, forks × 2 296 s.
      pool: 'threads',
      maxWorkers: 2,
      // Inlined so a test can load a fresh copy (the detector caches whether storage works).
      server: { deps: { inline: ['i18next-browser-languagedetector'] } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            setupFiles: ['./tests/support/vitest-setup.ts'],
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, 'tests/unit/machines/**'],
          },
        },
        {
          extends: true,
          test: {
            name: 'machines',
            include: ['tests/unit/machines/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'stately',
            include: ['tests/unit/machines/stately/**/*.test.{ts,tsx}'],
            // @xstate/machine-extractor 0.16 (the Stately editor's reader) is built for XState 4 and
            // imports `xstate/lib/actions` and `xstate/lib/types`, which XState 5 does not have: its ES
            // module build is inlined so these two imports reach stand-ins (see
            // tests/support/stately/xstate-v4-actions.ts). Only this project needs them.
            alias: {
              '@xstate/machine-extractor': fromRoot(
                './node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js',
              ),
              'xstate/lib/actions': fromRoot('./tests/support/stately/xstate-v4-actions.ts'),
              'xstate/lib/types': fromRoot('./tests/support/stately/xstate-v4-types.ts'),
            },
            server: { deps: { inline: ['@xstate/machine-extractor'] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'tooling',
            include: ['tests/tooling/**/*.test.{ts,tsx}'],
          },
        },
        {
          extends: true,
          test: {
            name: 'model',
            include: ['tests/model/**/*.test.{ts,tsx}'],
          },
        },
      ],
    },
  }),
);
