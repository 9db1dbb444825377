/**
 * The import rules of eslint.config.js still fire (docs/architecture.md#layout): a rule that resolves
 * nothing, or whose zones no longer match a folder, passes every file in silence. Each case lints a
 * probe with the project's ESLint config as it is, at a path inside src/, and expects the rule's error:
 * an upward import (a component importing the router), an import that closes a cycle between two
 * folders (styles ← components, then styles → components), a feature importing another feature or a
 * screen's components, and an import cycle between two modules; and, in tests/, a suite importing
 * another suite or the shared support importing a suite.
 */
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { lintErrors } from '@support/lint-errors';

const errorsOf = (eslint: ESLint, text: string, filePath: string) =>
  lintErrors(eslint, text, filePath, (ruleId) => ruleId.startsWith('import-x/'));

describe('one-way imports between folders', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it('reports a component that imports the app (an upward import)', async () => {
    const probe = "import { routes } from '@/app/router';\nexport const probe = routes;\n";
    expect(await errorsOf(eslint, probe, 'src/components/ui/lint-probe.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths Unexpected path "@\/app\/router" imported in restricted zone\. src\/components\/ may import only /,
      ),
    ]);
  });

  it('reports styles importing a component, which would make the two folders a cycle', async () => {
    const probe = "import { Button } from '@/components/ui/button';\nexport const probe = Button;\n";
    expect(await errorsOf(eslint, probe, 'src/styles/lint-probe.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths Unexpected path "@\/components\/ui\/button" imported in restricted zone\. src\/styles\/ may import only src\/lib\/, src\/locales\/, machines\/ /,
      ),
    ]);
  });

  it('reports a feature that imports another feature', async () => {
    const probe =
      "import { loadCheckout } from '@/features/checkout-download/load-checkout';\nexport const probe = loadCheckout;\n";
    expect(await errorsOf(eslint, probe, 'src/features/releases/lint-probe.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths Unexpected path "@\/features\/checkout-download\/load-checkout" imported in restricted zone\. src\/features\/releases\/ imports no other feature/,
      ),
    ]);
  });

  it("reports a feature that imports a screen's components (only ui/ is shared)", async () => {
    const probe =
      "import { CartModal } from '@/components/cart/cart-modal';\nexport const probe = CartModal;\n";
    expect(await errorsOf(eslint, probe, 'src/features/releases/lint-probe.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths Unexpected path "@\/components\/cart\/cart-modal" imported in restricted zone\. A feature uses only the feature-free components/,
      ),
    ]);
  });

  it('reports an import that closes a cycle between two modules', async () => {
    // features.tsx imports section-layout.ts; section-layout importing features closes the cycle.
    const file = 'src/components/landing/section-layout.ts';
    const source = readFileSync(file, 'utf8');
    expect(await errorsOf(eslint, source, file)).toEqual([]);
    const withCycle = `import { Features } from '@/components/landing/features';\nexport const probe = Features;\n${source}`;
    expect(await errorsOf(eslint, withCycle, file)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle Dependency cycle detected/),
    ]);
  });
});

describe('the test house: suites share tests/support/ and import no other suite', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it('lets a suite import the shared support through @support/', async () => {
    const probe = "import { drainTasks } from '@support/drain-tasks';\nexport const probe = drainTasks;\n";
    expect(await errorsOf(eslint, probe, 'tests/unit/lint-probe.test.ts')).toEqual([]);
  });

  it('reports a suite that imports another suite', async () => {
    const probe = "import { probe as other } from '../model/harness.test';\nexport const probe = other;\n";
    expect(await errorsOf(eslint, probe, 'tests/unit/lint-probe.test.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths Unexpected path "\.\.\/model\/harness\.test" imported in restricted zone\. tests\/unit\/ imports no other suite/,
      ),
    ]);
  });

  it('reports the shared support importing a suite', async () => {
    const probe =
      "import { probe as suite } from '../engines/storefront.node-test';\nexport const probe = suite;\n";
    expect(await errorsOf(eslint, probe, 'tests/support/lint-probe.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths .* tests\/support\/ imports no suite/),
    ]);
  });
});
