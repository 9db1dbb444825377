/**
 * Playwright reporter of the model suites in Chromium: tallies the coverage items the passing paths
 * of its project attach ({@link attachCoverage}; a failed path reaches nothing), prints one table per
 * machine after a run that included the project, and fails the run below 100%. Configured in
 * playwright.config.ts after Playwright's own reporters.
 */
import type { TestInfo } from '@playwright/test';
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { checkout } from '../model/checkout-model';
import { coverageReport, coverageTitle, type ModelSuite } from '../model/model-suite';
import { storefront } from '../model/storefront-model';

const ATTACHMENT = 'model-coverage';

/** Attaches the coverage items a passing path of `suite` reached, for the reporter. */
export async function attachCoverage(
  testInfo: TestInfo,
  suite: ModelSuite,
  path: ModelSuite['paths'][number],
) {
  const body = JSON.stringify({ machine: suite.name, items: [...suite.pathCoverage(path)] });
  await testInfo.attach(ATTACHMENT, { body, contentType: 'application/json' });
}

/** `project` runs the model paths; `label` names it in the tables' titles: `chromium (desktop)`. */
export interface ModelCoverageReporterOptions {
  project: string;
  label: string;
}

export default class ModelCoverageReporter implements Reporter {
  private ran = false;
  private readonly covered = new Map([storefront, checkout].map((suite) => [suite.name, new Set<string>()]));

  constructor(private readonly options: ModelCoverageReporterOptions) {}

  onBegin(_config: unknown, suite: Suite): void {
    // The root suite holds one suite per project the run selected (`--project`).
    this.ran = suite.suites.some((project) => project.project()?.name === this.options.project);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' || test.parent.project()?.name !== this.options.project) return;
    for (const { name, body } of result.attachments) {
      if (name !== ATTACHMENT || !body) continue;
      const { machine, items } = JSON.parse(body.toString()) as { machine: string; items: string[] };
      for (const item of items) this.covered.get(machine)?.add(item);
    }
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    if (!this.ran) return undefined;
    // Under BASE_URL the paths ran against a deployment: the title says which.
    const where = `chromium (${this.options.label})${process.env.BASE_URL ? ` at ${process.env.BASE_URL}` : ''}`;
    let complete = true;
    for (const suite of [storefront, checkout]) {
      const title = coverageTitle(where, suite);
      const report = coverageReport(suite, this.covered.get(suite.name)!, suite.exclusions, title);
      console.log(`\n${report.table}`);
      complete &&= report.complete;
    }
    return complete ? undefined : { status: 'failed' };
  }

  printsToStdio(): boolean {
    return true;
  }
}
