/**
 * docs/test-paths.md is generated from the model suites' own paths: this fails when the
 * committed catalogue is stale, i.e. a machine, a bound or a view changed and `npm run docs:test-paths`
 * was not run; and checks the catalogue and the `--list` output hold every generated path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkout } from '@support/model/checkout-model';
import { pathName } from '@support/model/derive-test-model';
import { storefront } from '@support/model/storefront-model';
import { TEST_PATHS_DOC, pathList, renderTestPathsDoc } from '../../../../scripts/docs/generate-test-paths';

describe('docs/test-paths.md', () => {
  it('is what `npm run docs:test-paths` generates from the current model suites', async () => {
    const committed = readFileSync(TEST_PATHS_DOC, 'utf8');
    expect(committed, 'docs/test-paths.md is stale: run `npm run docs:test-paths`').toBe(
      await renderTestPathsDoc(),
    );
  });

  it('numbers every generated path with its shopper steps and checks, and gives the coverage and bounds', async () => {
    const page = await renderTestPathsDoc();
    for (const [name, names] of [
      ['storefront', storefront.paths.map((path) => pathName(path))],
      ['checkout', checkout.paths.map((path) => pathName(path))],
    ] as const) {
      expect(page).toContain(`## ${name}: ${names.length} paths`);
      for (const [index, events] of names.entries()) {
        expect(page).toContain(`#### ${name} path ${index + 1}: `);
        expect(page).toContain(`\`${events}\``);
      }
      expect(page).toMatch(
        new RegExp(`Model coverage · ${name} · every path passing[^\\n]*\\n  states +(\\d+)/\\1 +100\\.0%`),
      );
    }
    expect(page).toContain('Select colour Ocean Blue. Checks: colour Ocean Blue');
    expect(page).toContain('Wait 3 s: the toast hides (checked unchanged 1 ms before). Checks: no toast');
    expect(page).toContain('### Bounds');
  });

  it('lists every path without running it (`npm run test:model:list`)', () => {
    const listed = pathList().split('\n');
    expect(listed).toContain(`storefront: ${storefront.paths.length} generated paths`);
    expect(listed).toContain(`checkout: ${checkout.paths.length} generated paths`);
    expect(listed).toContain(`  path 1: ${pathName(storefront.paths[0]!)}`);
    expect(listed).toHaveLength(2 + storefront.paths.length + checkout.paths.length);
  });
});
