/**
 * The lint rule that keeps React handlers off the events the shop stops at the window
 * (src/boot/stop-unhandled-events.ts) still fires: a JSX prop for a transition, an animation, a
 * crossing, pointer capture, a press or move, a touch, focus or selection is an error; the handlers of
 * what the shop acts on (`onClick`, `onKeyDown`, `onChange`) beside them are not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { lintErrors } from './lint-errors';

const errorsOf = (eslint: ESLint, text: string, filePath: string) =>
  lintErrors(eslint, text, filePath, (ruleId) => ruleId === 'no-restricted-syntax');

describe('no props for the events stopped at the window', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it('reports each stopped kind, and not onClick, onKeyDown or onChange', async () => {
    const stopped = [
      'onTransitionEnd',
      'onAnimationStart',
      'onMouseEnter',
      'onPointerOver',
      'onGotPointerCapture',
      'onPointerDown',
      'onPointerCancel',
      'onMouseUp',
      'onTouchStart',
      'onFocus',
      'onBlurCapture',
      'onSelect',
    ];
    const probe = [
      'export const Probe = ({ done }: { done: () => void }) => (',
      `  <button type="button" onClick={done} onKeyDown={done} onChange={done} ${stopped.map((prop) => `${prop}={done}`).join(' ')}>`,
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
