/**
 * eslint-plugin-xstate checks the machines for real: its rules look for `createMachine(…)`
 * calls, and the machines are `setup(…).createMachine(…)`, which the plugin alone does not see (see
 * build/eslint-xstate-setup.js). Each `machines/*-machine.ts` is linted with the project's ESLint
 * config as it is, and again with an invalid state node slipped into its config: the first has no
 * xstate problem, the second must have one, or the rules are not looking at the machine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const MACHINE_FILES = readdirSync('machines')
  .filter((name) => name.endsWith('-machine.ts'))
  .sort()
  .map((name) => `machines/${name}`);

/** The source with a state node that has XState 4's `cond` (invalid on a state) as the first state. */
function withInvalidState(source: string): string {
  const index = source.search(/\bstates: \{/);
  if (index === -1) throw new Error('No `states: {` in the machine source.');
  const at = index + 'states: {'.length;
  return `${source.slice(0, at)}\n    lintProbe: { cond: 'probe' },${source.slice(at)}`;
}

const xstateMessages = async (eslint: ESLint, text: string, filePath: string) =>
  (await eslint.lintText(text, { filePath }))
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId?.startsWith('xstate/') || message.fatal)
    .map((message) => `${message.line}:${message.column} ${message.ruleId ?? 'fatal'} ${message.message}`);

describe('eslint-plugin-xstate on machines/', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  for (const file of MACHINE_FILES) {
    it(`${file}: no xstate problem, and an invalid state slipped in is reported`, async () => {
      const source = readFileSync(file, 'utf8');
      expect(await xstateMessages(eslint, source, file)).toEqual([]);
      expect(await xstateMessages(eslint, withInvalidState(source), file)).toEqual([
        expect.stringMatching(/xstate\/no-invalid-state-props "cond" is not a valid property for a state/),
      ]);
    });
  }
});
