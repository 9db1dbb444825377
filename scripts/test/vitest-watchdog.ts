import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/**
 * The whole-run watchdog of the Vitest suites (`--reporter=./scripts/test/vitest-watchdog.ts` in
 * package.json's test:unit and test:model): a run still going after `VITEST_WATCHDOG_MS` (default
 * 15 min, several times a busy 2-core machine's whole run) is hung, not slow. It then prints each
 * test file still running and its tests under way with how long each has run, and ends Vitest with
 * exit code 1, its workers with it. Each test's own limit (vitest.config.ts) only guards one test; this
 * guards what no test owns: a hook, an import, a worker that never answers, a teardown.
 */
export default class VitestWatchdog implements Reporter {
  private readonly limitMs = Number(process.env.VITEST_WATCHDOG_MS ?? 900_000);
  private readonly startedAt = new Map<string, number>();
  private readonly modules = new Map<string, TestModule>();
  private timer: NodeJS.Timeout | undefined;

  onInit(vitest: Vitest): void {
    this.timer = setTimeout(() => this.stop(vitest), this.limitMs);
    this.timer.unref();
  }

  onTestModuleStart(testModule: TestModule): void {
    this.modules.set(testModule.moduleId, testModule);
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.modules.delete(testModule.moduleId);
  }

  onTestCaseReady(testCase: TestCase): void {
    this.startedAt.set(testCase.id, Date.now());
  }

  onTestCaseResult(testCase: TestCase): void {
    this.startedAt.delete(testCase.id);
  }

  onTestRunEnd(): void {
    clearTimeout(this.timer);
  }

  /** Prints what is still running (see the class) and ends the run as failed. */
  private stop(vitest: Vitest): void {
    const lines = [`Vitest watchdog: the run is still going after ${this.limitMs} ms; stopping it.`];
    for (const testModule of this.modules.values()) {
      lines.push(`  still running: ${relative(vitest.config.root, testModule.moduleId)}`);
      for (const testCase of testModule.children.allTests()) {
        const since = this.startedAt.get(testCase.id);
        if (since !== undefined)
          lines.push(`    under way for ${Date.now() - since} ms: ${testCase.fullName}`);
      }
    }
    if (this.modules.size === 0) lines.push('  no test file is running (collecting, or tearing down)');
    console.error(lines.join('\n'));
    process.exit(1);
  }
}
