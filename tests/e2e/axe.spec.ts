import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { ShopModel } from '../engines/shop.model';
import { analyzeWithAxe } from './a11y';
import { openShop, settleAnimations } from './clock';
import { expect, test } from './fixtures';

/** The shopper-visible states axe checks, and how to reach each one. */
const STATES: Readonly<Record<string, (page: Page, shop: ShopModel) => Promise<void>>> = {
  landing: async (page) => {
    await openShop(page);
  },
  'toast showing': async (page, shop) => {
    await openShop(page);
    await shop.addToCart(1);
    await shop.seeToast();
  },
  'cart modal, empty': async (page, shop) => {
    await openShop(page);
    await shop.openCart(0);
  },
  'cart modal, one line': async (page, shop) => {
    await openShop(page);
    await shop.addToCart(1);
    await page.clock.runFor(3_000);
    await shop.openCart(1);
  },
  'checkout, idle': async (page) => {
    await openShop(page, '/checkout');
  },
  'checkout, processing': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await shop.seeProcessing();
  },
  'order confirmed': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
  },
  'order confirmed, shopper stayed': async (page, shop) => {
    await openShop(page, '/checkout');
    await shop.fillCheckoutForm();
    await shop.submitOrder();
    await page.clock.runFor(3_000);
    await shop.seeOrderConfirmed();
    await shop.stayOnConfirmation();
    await page.clock.runFor(3_000);
  },
  'not found': async (page) => {
    await openShop(page, '/no-such-page');
  },
};

const PROJECTS = ['mobile', 'desktop'];

/** Folder for per-test results; under the output dir, which Playwright empties when a run starts. */
const resultsDir = (testInfo: TestInfo) => join(testInfo.project.outputDir, 'axe-results');

/** Prints the state × viewport table once, when every state has been checked at both viewports. */
function printTableOnce(testInfo: TestInfo): void {
  const dir = resultsDir(testInfo);
  if (!existsSync(dir)) return;
  const files = new Set(readdirSync(dir, { encoding: 'utf8' }));
  const cell = (state: string, project: string) => `${project}--${state}.json`;
  const complete = Object.keys(STATES).every((state) => PROJECTS.every((p) => files.has(cell(state, p))));
  if (!complete) return;
  try {
    closeSync(openSync(join(dir, 'table-printed'), 'wx'));
  } catch {
    return;
  }
  const rows = Object.keys(STATES).map((state) => [
    state,
    ...PROJECTS.map((project) => {
      const { violations, passes } = JSON.parse(readFileSync(join(dir, cell(state, project)), 'utf8')) as {
        violations: number;
        passes: number;
      };
      return `${violations} violations (${passes} rules pass)`;
    }),
  ]);
  const header = ['state', 'mobile 375×812', 'desktop 1280×800'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(
    [
      'axe-core, every rule, any impact:',
      line(header),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.map(line),
    ].join('\n'),
  );
}

test.describe('axe-core: zero violations of any impact (WCAG 2.0–2.2 A/AA and best practices)', () => {
  for (const [state, reach] of Object.entries(STATES)) {
    test(`${state}`, async ({ page, shop }, testInfo) => {
      await reach(page, shop);
      await settleAnimations(page);
      const results = await analyzeWithAxe(page);

      mkdirSync(resultsDir(testInfo), { recursive: true });
      writeFileSync(
        join(resultsDir(testInfo), `${testInfo.project.name}--${state}.json`),
        JSON.stringify({ violations: results.violations.length, passes: results.passes.length }),
      );
      const violations = results.violations.map(
        ({ id, impact, nodes }) =>
          `${id} (${impact}): ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(violations).toEqual([]);
      expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
    });
  }

  test.afterAll(() => printTableOnce(test.info()));
});
