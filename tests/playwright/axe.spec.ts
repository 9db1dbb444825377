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
import type { TestInfo } from '@playwright/test';
import { analyzeWithAxe } from '@support/a11y/a11y';
import { checkWithEqualAccess, checkWithHtmlCodeSniffer, type Finding } from '@support/a11y/a11y-engines';
import { STATES } from '@support/a11y/a11y-states';
import { settleAnimations } from '@support/playwright/clock';
import { expect, test } from '@support/playwright/fixtures';

const PROJECTS = ['mobile', 'desktop'];

/** The engines each state is checked with, in the order of the printed tables. */
const ENGINES = {
  axe: 'axe-core, every rule, any impact',
  ibm: 'IBM Equal Access (IBM Accessibility rule set)',
  htmlcs: 'HTML_CodeSniffer (WCAG2AA)',
} as const;

/** One table cell per engine: what it found in one state at one viewport. */
type Summary = Record<keyof typeof ENGINES, string>;

/** Folder for per-test results; under the output dir, which Playwright empties when a run starts. */
const resultsDir = (testInfo: TestInfo) => join(testInfo.project.outputDir, 'a11y-results');

/** Prints a state × viewport table per engine once, when every state has been checked at both viewports. */
function printTablesOnce(testInfo: TestInfo): void {
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
  const summaries = Object.keys(STATES).map((state) =>
    PROJECTS.map((project) => JSON.parse(readFileSync(join(dir, cell(state, project)), 'utf8')) as Summary),
  );
  const header = ['state', 'mobile 375×812', 'desktop 1280×800'];
  const tables = Object.entries(ENGINES).map(([engine, title]) => {
    const rows = Object.keys(STATES).map((state, index) => [
      state,
      ...summaries[index]!.map((summary) => summary[engine as keyof Summary]),
    ]);
    const widths = header.map((text, column) =>
      Math.max(text.length, ...rows.map((row) => row[column]!.length)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
    return [
      `${title}:`,
      line(header),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.map(line),
    ].join('\n');
  });
  console.log(tables.join('\n\n'));
}

/** One line per finding, for a failure message that says what and where. */
const describeFindings = (findings: Finding[]) =>
  findings.map(({ rule, message, where }) => `${rule}: ${message} at ${where}`);

test.describe('accessibility engines: axe-core, IBM Equal Access and HTML_CodeSniffer find no violation', () => {
  for (const [state, reach] of Object.entries(STATES)) {
    test(`${state}`, async ({ page, shop }, testInfo) => {
      await reach(page, shop);
      await settleAnimations(page);
      // One engine at a time: each reads the page as the previous one left it.
      const axe = await analyzeWithAxe(page);
      const ibm = await checkWithEqualAccess(page);
      const htmlcs = await checkWithHtmlCodeSniffer(page);

      const summary: Summary = {
        axe: `${axe.violations.length} violations (${axe.passes.length} rules pass)`,
        ibm: `${ibm.violations.length} violations (${ibm.passes} pass, ${ibm.potentialViolations} to review)`,
        htmlcs: `${htmlcs.errors.length} errors (${htmlcs.warnings} warnings, ${htmlcs.notices} notices)`,
      };
      mkdirSync(resultsDir(testInfo), { recursive: true });
      writeFileSync(
        join(resultsDir(testInfo), `${testInfo.project.name}--${state}.json`),
        JSON.stringify(summary),
      );
      const axeViolations = axe.violations.map(
        ({ id, impact, nodes }) =>
          `${id} (${impact}): ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect.soft(axeViolations, 'axe-core violations').toEqual([]);
      expect.soft(describeFindings(ibm.violations), 'IBM Equal Access violations').toEqual([]);
      expect.soft(describeFindings(htmlcs.errors), 'HTML_CodeSniffer errors').toEqual([]);
      expect(axe.passes.length, 'axe ran its rules').toBeGreaterThan(10);
      expect(ibm.passes, 'IBM Equal Access ran its rules').toBeGreaterThan(10);
      expect(htmlcs.notices, 'HTML_CodeSniffer ran its sniffs').toBeGreaterThan(0);
    });
  }

  test.afterAll(() => printTablesOnce(test.info()));
});
