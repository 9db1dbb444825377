/**
 * Playwright reporter for the model suites in Chromium: tallies the coverage items that the
 * passing paths attach, prints one coverage table per machine and browser project at the end of the
 * run, and fails the run below 100% (a path that failed reaches nothing).
 */
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { checkoutCoverage, checkoutExclusions, checkoutPaths } from '../model/checkout-model';
import { coverageReport, coverageTitle, formatCoverageTable, isComplete } from '../model/coverage';
import { storefrontCoverage, storefrontExclusions, storefrontPaths } from '../model/storefront-model';
import { COVERAGE_ATTACHMENT, type CoverageAttachment } from './browser-drivers';

const machines = {
  storefront: { coverage: storefrontCoverage, generated: storefrontPaths, exclusions: storefrontExclusions },
  checkout: { coverage: checkoutCoverage, generated: checkoutPaths, exclusions: checkoutExclusions },
};

/** The reporter (see the module comment); list it after Playwright's own reporters. */
export default class ModelCoverageReporter implements Reporter {
  private projects: string[] = [];
  private readonly covered = new Map<string, Set<string>>();

  onBegin(config: FullConfig): void {
    this.projects = config.projects.map((project) => project.name);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed') return;
    const project = test.parent.project()?.name ?? '';
    for (const attachment of result.attachments) {
      if (attachment.name !== COVERAGE_ATTACHMENT || !attachment.body) continue;
      const { machine, items } = JSON.parse(attachment.body.toString()) as CoverageAttachment;
      const key = `${project}|${machine}`;
      const covered = this.covered.get(key) ?? new Set<string>();
      for (const item of items) covered.add(item);
      this.covered.set(key, covered);
    }
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    // Under BASE_URL the paths ran against a deployment: the title says which.
    const deployment = process.env.BASE_URL ? ` at ${process.env.BASE_URL}` : '';
    let complete = true;
    for (const project of this.projects) {
      for (const [name, machine] of Object.entries(machines)) {
        const covered = this.covered.get(`${project}|${name}`) ?? new Set<string>();
        const report = coverageReport(name, machine.coverage.catalogue, covered, machine.exclusions);
        console.log(
          `\n${formatCoverageTable(report, coverageTitle(name, `chromium (${project})${deployment}`, machine.generated))}`,
        );
        complete &&= isComplete(report);
      }
    }
    return complete ? undefined : { status: 'failed' };
  }

  printsToStdio(): boolean {
    return true;
  }
}
