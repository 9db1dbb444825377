/**
 * The lint rule that keeps React handlers off the events the shop stops at the window
 * (src/boot/stop-animation-events.ts) still fires: a JSX `onTransitionEnd` or `onAnimationStart`
 * prop is an error, an `onClick` beside it is not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const errorsOf = async (eslint: ESLint, text: string, filePath: string) =>
  (await eslint.lintText(text, { filePath }))
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'no-restricted-syntax' || message.fatal)
    .map((message) => `${message.ruleId ?? 'fatal'} ${message.message}`);

describe('no transition or animation event props', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it('reports onTransitionEnd and onAnimationStart, and not onClick', async () => {
    const probe = [
      'export const Probe = ({ done }: { done: () => void }) => (',
      '  <button type="button" onClick={done} onTransitionEnd={done} onAnimationStart={done}>Probe</button>',
      ');',
      '',
    ].join('\n');
    const rule = /^no-restricted-syntax Transition and animation events never reach React/;
    expect(await errorsOf(eslint, probe, 'src/components/ui/lint-probe.tsx')).toEqual([
      expect.stringMatching(rule),
      expect.stringMatching(rule),
    ]);
  });
});
