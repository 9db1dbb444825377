/**
 * Every machine file as Stately's editor reads it: each `machines/*-machine.ts` is extracted
 * with `@xstate/machine-extractor` (what the Stately VS Code editor uses) and its graph compared with the
 * running machine's: every state, initial state, event and delayed transition, target, guard, action,
 * entry/exit, invoke and the initial context, nothing lost and nothing added. Any extractor warning
 * fails the file: the editor would show that value empty.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkMachineFile, verdictProblems } from '@support/stately/machine-graph';

const MACHINE_FILES = readdirSync('machines')
  .filter((name) => name.endsWith('-machine.ts'))
  .sort()
  .map((name) => `machines/${name}`);

/** The machines a module exports (values that are XState machines). */
async function exportedMachines(file: string): Promise<AnyStateMachine[]> {
  const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(file)).href)) as Record<
    string,
    unknown
  >;
  return Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);
}

describe('machines as the Stately editor reads them (@xstate/machine-extractor)', () => {
  it('finds the machine files', () => {
    expect(MACHINE_FILES).toEqual(
      expect.arrayContaining(['machines/storefront-machine.ts', 'machines/checkout-machine.ts']),
    );
  });

  for (const file of MACHINE_FILES) {
    it(`${file}: extracted with zero warnings, the same graph as the running machine`, async () => {
      const running = await exportedMachines(file);
      expect(running.length, `${file} exports a machine`).toBeGreaterThan(0);
      const verdict = checkMachineFile(readFileSync(file, 'utf8'), running);
      for (const { id, running: graph } of verdict.machines) {
        console.log(
          `${file} (${id}): ${graph.filter((line) => line.startsWith('state ')).length} states, ${
            graph.filter((line) => line.startsWith('transition ')).length
          } transitions, ${graph.filter((line) => /^(entry|exit|invoke) /.test(line)).length} entry/exit/invoke lines compared; ${
            verdict.warnings.length
          } extractor warnings`,
        );
      }
      expect(verdictProblems(file, verdict)).toEqual([]);
    });
  }
});
