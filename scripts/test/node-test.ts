import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where every suite's JUnit report goes. */
export const JUNIT_DIR = 'test-results/junit';

/**
 * The arguments after `node` that run the node:test file `file` (TypeScript, through tsx) with the
 * spec report on stdout and a JUnit report, for CI services, at test-results/junit/`junitFile`
 * (the folder made here).
 */
export function nodeTestArgs(file: string, junitFile: string): string[] {
  mkdirSync(JUNIT_DIR, { recursive: true });
  return [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=junit',
    `--test-reporter-destination=${join(JUNIT_DIR, junitFile)}`,
    file,
  ];
}
