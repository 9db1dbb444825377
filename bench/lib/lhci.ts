/**
 * Lighthouse CI as the bench runs it: bench/'s own `lhci` with bench/lighthouserc.cjs, in the project
 * root, as a child process.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_DIR, bin } from './bench-package.ts';

/** The Lighthouse CI configuration every `lhci` command is given. */
export const LIGHTHOUSE_CONFIG = join(BENCH_DIR, 'lighthouserc.cjs');

/** How an `lhci` command ended: its exit status and its stdout and stderr, interleaved. */
export interface LhciOutcome {
  readonly status: number | null;
  readonly output: string;
}

/**
 * Runs `lhci <args>` asynchronously (the bench's own server must keep answering meanwhile), its output
 * captured and returned (`lhci assert` prints its failures to stderr).
 * @throws (rejects) on a non-zero exit, its output written to stderr first, unless `allowFailure`
 */
export function lhci(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { allowFailure = false }: { allowFailure?: boolean } = {},
): Promise<LhciOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('lhci'), [...args, `--config=${LIGHTHOUSE_CONFIG}`], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0 && !allowFailure) {
        process.stderr.write(output);
        reject(new Error(`lhci ${args.join(' ')} exited with ${status}`));
      } else resolve({ status, output });
    });
  });
}
