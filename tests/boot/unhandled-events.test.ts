/**
 * The events the shop never handles stop at the window (src/boot/unhandled-events.ts), and nothing
 * the shop does handle is lost: a tap's click, a key, a form's change and focus still reach React.
 */
import { act, createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNHANDLED_EVENTS, stopUnhandledEvents } from '@/boot/unhandled-events';

const container = document.createElement('div');
const seen: string[] = [];
const HANDLED = ['click', 'keydown', 'input', 'change', 'focusin', 'submit'];

beforeAll(() => {
  stopUnhandledEvents(window);
  document.body.append(container);
  for (const type of [...UNHANDLED_EVENTS, ...HANDLED]) container.addEventListener(type, () => seen.push(type));
});
afterAll(() => container.remove());

describe('stopUnhandledEvents', () => {
  it('ends the path of pointer, mouse, touch, transition and animation events at the window', () => {
    const target = container.appendChild(document.createElement('span'));
    seen.length = 0;
    for (const type of UNHANDLED_EVENTS) target.dispatchEvent(new Event(type, { bubbles: true }));
    expect(seen).toEqual([]);
  });

  it('lets every event the shop handles through', () => {
    const target = container.appendChild(document.createElement('span'));
    seen.length = 0;
    for (const type of HANDLED) target.dispatchEvent(new Event(type, { bubbles: true }));
    expect(seen).toEqual(HANDLED);
  });

  it('leaves the default actions alone: the events are not cancelled', () => {
    const event = new Event('pointerdown', { bubbles: true, cancelable: true });
    container.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('leaves React’s click handling as it was', async () => {
    function Counter() {
      const [taps, setTaps] = useState(0);
      return createElement('button', { type: 'button', onClick: () => setTaps((n) => n + 1) }, `Taps ${taps}`);
    }
    const root = createRoot(container.appendChild(document.createElement('div')));
    await act(async () => root.render(createElement(Counter)));
    const button = container.querySelector('button')!;
    await act(async () => {
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
        button.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      button.click();
    });
    expect(button.textContent).toBe('Taps 1');
    await act(async () => root.unmount());
  });
});
