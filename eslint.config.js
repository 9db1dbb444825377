import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import xstatePlugin from 'eslint-plugin-xstate';
import { setupAwareXstatePlugin } from './scripts/eslint-xstate-setup.js';

const xstate = setupAwareXstatePlugin(xstatePlugin);

export default tseslint.config(
  { ignores: ['dist*', 'node_modules', 'coverage', 'playwright-report', 'test-results', 'bench'] },
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
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
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
    // look for `createMachine(…)` calls; scripts/eslint-xstate-setup.js makes them see the config of
    // `setup(…).createMachine(…)` too (tests/stately/xstate-lint.test.ts proves they do). No rule is off.
    files: ['machines/**/*.ts'],
    plugins: { xstate },
    settings: { xstate: { version: 5 } },
    rules: {
      ...xstatePlugin.configs.recommended.rules,
    },
  },
);
