/**
 * A reporter for node's test runner (`--test-reporter=./scripts/engines-progress-reporter.mjs`) that
 * writes a line to its destination each time a top-level test starts or ends, e.g.
 * `running "not found: …" since 2026-11-28T06:01:02.000Z`. scripts/test-engines.mjs reads the last
 * line when its watchdog stops a run, to say which test was running, and the file's age to see how
 * long the run has gone without a test starting or ending.
 */
import { isAbsolute } from 'node:path';

/**
 * @param {AsyncIterable<{ type: string, data?: { name?: string, nesting?: number } }>} source the
 *   runner's events
 * @returns {AsyncGenerator<string>} the lines for the destination
 */
export default async function* progress(source) {
  for await (const event of source) {
    const { name, nesting } = event.data ?? {};
    // Top-level tests only; a test file's own events carry its path as their name.
    if (nesting !== 0 || name === undefined || isAbsolute(name)) continue;
    const at = new Date().toISOString();
    if (event.type === 'test:dequeue') yield `running "${name}" since ${at}\n`;
    else if (event.type === 'test:complete') yield `between tests: "${name}" ended at ${at}\n`;
  }
}
