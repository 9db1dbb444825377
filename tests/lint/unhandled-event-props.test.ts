/**
 * The lint rule that keeps React handlers off the events the shop stops at the window
 * (src/boot/stop-unhandled-events.ts) still fires: a JSX `onTransitionEnd`, `onAnimationStart`,
 * `onMouseEnter`, `onPointerOver` or `onGotPointerCapture` prop is an error; an `onClick` or an
 * `onPointerDown` beside them is not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { lintErrors } from './lint-errors';

const errorsOf = (eslint: ESLint, text: string, filePath: string) =>
  lintErrors(eslint, text, filePath, (ruleId) => ruleId === 'no-restricted-syntax');

describe('no props for the events stopped at the window', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it('reports each stopped kind, and not onClick or onPointerDown', async () => {
    const stopped = [
      'onTransitionEnd',
      'onAnimationStart',
      'onMouseEnter',
      'onPointerOver',
      'onGotPointerCapture',
    ];
    const probe = [
      'export const Probe = ({ done }: { done: () => void }) => (',
      `  <button type="button" onClick={done} onPointerDown={done} ${stopped.map((prop) => `${prop}={done}`).join(' ')}>`,
      '    Probe',
      '  </button>',
      ');',
      '',
    ].join('\n');
    const rule = /^no-restricted-syntax This event never reaches React/;
    expect(await errorsOf(eslint, probe, 'src/components/ui/lint-probe.tsx')).toEqual(
      stopped.map(() => expect.stringMatching(rule)),
    );
  });
});
