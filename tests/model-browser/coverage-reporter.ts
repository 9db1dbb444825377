/**
 * Playwright reporter for the model suites in Chromium: tallies the coverage items that the
 * passing paths of the model project attach, prints one coverage table per machine at the end of a
 * run that included that project, and fails the run below 100% (a path that failed reaches nothing).
 * A run without it (the e2e projects) prints nothing.
 */
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';
import { checkout } from '../model/checkout-model';
import { coverageReport, coverageTitle } from '../model/model-suite';
import { storefront } from '../model/storefront-model';
import { COVERAGE_ATTACHMENT, type CoverageAttachment } from './browser-drivers';

/** The reporter's options, given next to it in playwright.config.ts. */
export interface ModelCoverageReporterOptions {
  /** The project that runs the model paths. */
  project: string;
  /** How the tables' titles name it, e.g. `desktop`: `chromium (desktop)`. */
  label: string;
}

/** The reporter (see the module comment); list it after Playwright's own reporters. */
export default class ModelCoverageReporter implements Reporter {
  private readonly options: ModelCoverageReporterOptions;
  private ran = false;
  private readonly covered = new Map<string, Set<string>>();

  constructor(options: ModelCoverageReporterOptions) {
    this.options = options;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    // The root suite holds one suite per project this run selected (`--project`).
    this.ran = suite.suites.some((projectSuite) => projectSuite.project()?.name === this.options.project);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' || test.parent.project()?.name !== this.options.project) return;
    for (const attachment of result.attachments) {
      if (attachment.name !== COVERAGE_ATTACHMENT || !attachment.body) continue;
      const { machine, items } = JSON.parse(attachment.body.toString()) as CoverageAttachment;
      const covered = this.covered.get(machine) ?? new Set<string>();
      for (const item of items) covered.add(item);
      this.covered.set(machine, covered);
    }
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    if (!this.ran) return undefined;
    // Under BASE_URL the paths ran against a deployment: the title says which.
    const deployment = process.env.BASE_URL ? ` at ${process.env.BASE_URL}` : '';
    let complete = true;
    for (const suite of [storefront, checkout]) {
      const covered = this.covered.get(suite.name) ?? new Set<string>();
      const title = coverageTitle(`chromium (${this.options.label})${deployment}`, suite);
      const report = coverageReport(suite, covered, suite.exclusions, title);
      console.log(`\n${report.table}`);
      complete &&= report.complete;
    }
    return complete ? undefined : { status: 'failed' };
  }

  printsToStdio(): boolean {
    return true;
  }
}
