import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import xstatePlugin from 'eslint-plugin-xstate';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { setupAwareXstatePlugin } from './build/eslint-xstate-setup.js';

const xstate = setupAwareXstatePlugin(xstatePlugin);

/**
 * Which folders of src/ each folder may import (docs/architecture.md#layout): imports flow one way,
 * app → pages → features → components → shared folders → lib, locales → machines/. The shared folders
 * do not import one another, so no two folders can import each other in a circle; a new edge between
 * them is added here, downward only. machines/ imports nothing from src/. The entry points
 * (src/main.tsx, src/boot/, src/server/ and the service worker) may import anything, and nothing
 * imports them. A feature (src/features/<name>/: one behaviour's effects, components and worker, as
 * bulletproof-react has them) imports no other feature, and of the components only the feature-free
 * ui/ ones.
 */
const BOTTOM = ['lib', 'locales'];
const SHARED = ['styles', 'i18n', 'hooks', 'actors', 'effects', 'early'];
const MAY_IMPORT = {
  app: ['pages', 'features', 'components', ...SHARED, ...BOTTOM],
  pages: ['features', 'components', ...SHARED, ...BOTTOM],
  features: ['components', ...SHARED, ...BOTTOM],
  components: [...SHARED, ...BOTTOM],
  ...Object.fromEntries(SHARED.map((folder) => [folder, BOTTOM])),
  ...Object.fromEntries(BOTTOM.map((folder) => [folder, []])),
  // The dev server's tools (state links), loaded only by the boot on the dev server.
  dev: BOTTOM,
};
const ENTRY_POINTS = ['src/main.tsx', 'src/boot', 'src/server', 'src/features/releases/service-worker.ts'];
const FOLDERS = Object.keys(MAY_IMPORT);
/** The component folders of one screen each; ui/ is the feature-free one. */
const SCREEN_COMPONENTS = ['landing', 'cart', 'checkout'];
/** src/features/<name>/, one per behaviour that crosses layers. */
const FEATURES = readdirSync('src/features');
const layerZones = [
  ...FOLDERS.map((folder) => ({
    target: `src/${folder}`,
    from: [
      ...ENTRY_POINTS,
      ...FOLDERS.filter((other) => other !== folder && !MAY_IMPORT[folder].includes(other)).map(
        (other) => `src/${other}`,
      ),
    ],
    message: `src/${folder}/ may import only ${[...MAY_IMPORT[folder].map((other) => `src/${other}/`), 'machines/'].join(', ')} and packages: imports flow one way (docs/architecture.md#layout).`,
  })),
  {
    target: 'src/components/ui',
    from: SCREEN_COMPONENTS.map((screen) => `src/components/${screen}`),
    message: 'src/components/ui/ is feature-free: it imports no landing/, cart/ or checkout/ component.',
  },
  {
    target: 'src/features',
    from: SCREEN_COMPONENTS.map((screen) => `src/components/${screen}`),
    message: 'A feature uses only the feature-free components of src/components/ui/.',
  },
  ...FEATURES.map((feature) => ({
    target: `src/features/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `src/features/${other}`),
    message: `src/features/${feature}/ imports no other feature: what two features share lives in a shared folder.`,
  })),
  {
    target: 'machines',
    from: 'src',
    message: 'machines/ is pure logic: it imports nothing from src/.',
  },
];

/**
 * The suites of tests/, one folder per way a test runs (tests/README.md): none imports another, and
 * tests/support/, which they all share, imports none of them.
 */
const TEST_SUITES = readdirSync('tests', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'support')
  .map((entry) => entry.name);
const testSuiteZones = [
  ...TEST_SUITES.map((suite) => ({
    target: `tests/${suite}`,
    from: TEST_SUITES.filter((other) => other !== suite).map((other) => `tests/${other}`),
    message: `tests/${suite}/ imports no other suite: what two suites share lives in tests/support/ (@support/).`,
  })),
  {
    target: 'tests/support',
    from: TEST_SUITES.map((suite) => `tests/${suite}`),
    message: 'tests/support/ imports no suite: the suites import it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist*',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      'bench/lhci',
      'bench/node_modules',
      // StrykerJS's sandboxes (copies of the project with mutants in) and reports.
      '.stryker-tmp*',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tool configuration read with require() (Lighthouse CI, size-limit).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook, and one that
    // depends on no other fixture takes `{}` (Playwright reads the fixtures a function destructures).
    files: ['tests/playwright/**/*.ts', 'tests/hosting/**/*.ts', 'tests/support/playwright/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // The test house: each suite folder of tests/ (named by how its tests run) imports only the shared
    // tests/support/ (through `@support/`), never another suite; tests/support/ imports no suite.
    // tests/tooling/lint/layers.test.ts proves the zone fires.
    files: ['tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [createTypeScriptImportResolver(), createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: testSuiteZones }],
    },
  },
  {
    // One-way imports between folders, and no import cycle between modules (which would also be one
    // between their folders). tests/tooling/lint/layers.test.ts proves both rules still fire.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files: it must know .ts/.tsx and parse them as TypeScript.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver(), createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The bench sits above scripts/ (it serves the build with scripts/hosting/nginx.ts): scripts/ import nothing
    // from bench/, so the two never import each other in a circle.
    files: ['scripts/**/*.{ts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [createTypeScriptImportResolver(), createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'scripts',
              from: 'bench',
              message: 'scripts/ imports nothing from bench/, which sits above it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'react/*', '@/*', 'styled-components', '@xstate/react'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
  {
    // eslint-plugin-xstate 3: all of its `recommended` rules, for XState 5 (`version: 5`; the
    // plugin ships eslintrc configs only, so the flat config takes their rules and setting). Its rules
    // look for `createMachine(…)` calls; build/eslint-xstate-setup.js makes them see the config of
    // `setup(…).createMachine(…)` too (tests/unit/machines/stately/xstate-lint.test.ts proves they do). No rule is off.
    files: ['machines/**/*.ts'],
    plugins: { xstate },
    settings: { xstate: { version: 5 } },
    rules: {
      ...xstatePlugin.configs.recommended.rules,
    },
  },
);
