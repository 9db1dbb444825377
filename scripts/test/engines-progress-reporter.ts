/**
 * A reporter for node's test runner (`--test-reporter=./scripts/test/engines-progress-reporter.ts`) that
 * writes a line to its destination each time a top-level test starts or ends, e.g.
 * `running "not found: …" since 2026-11-28T06:01:02.000Z`. scripts/test/test-engines.ts reads the last
 * line when its watchdog stops a run, to say which test was running, and the file's age to see how
 * long the run has gone without a test starting or ending.
 */
import { isAbsolute } from 'node:path';
import type { TestEvent } from 'node:test/reporters';

/**
 * @param source the runner's events
 * @returns the lines for the destination
 */
export default async function* progress(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  for await (const event of source) {
    if (event.type !== 'test:dequeue' && event.type !== 'test:complete') continue;
    const { name, nesting } = event.data;
    // Top-level tests only; a test file's own events carry its path as their name.
    if (nesting !== 0 || isAbsolute(name)) continue;
    const at = new Date().toISOString();
    if (event.type === 'test:dequeue') yield `running "${name}" since ${at}\n`;
    else yield `between tests: "${name}" ended at ${at}\n`;
  }
}
