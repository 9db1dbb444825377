import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNHANDLED_EVENTS, stopUnhandledEvents } from '@/boot/stop-unhandled-events';

/**
 * The events the shop handles nowhere stop at the window before React's root listener sees them
 * (src/boot/stop-unhandled-events.ts), and nothing else does. The handlers are React props given
 * through `createElement`: the lint config forbids them in JSX, which is the point. jsdom has no
 * `AnimationEvent`, so React listens there for the prefixed animation events: React's handlers are
 * checked with the other kinds, and every type with an element's own listener.
 */
describe('stopUnhandledEvents', () => {
  let container: HTMLDivElement;
  let root: Root;
  /**
   * React's handlers of a transition, the pointer's and the mouse's crossings, pointer capture, a
   * press and its moves (pointer, touch, mouse) and focus moving.
   */
  const stopped = {
    onTransitionEnd: vi.fn(),
    onTransitionRun: vi.fn(),
    onPointerOver: vi.fn(),
    onPointerEnter: vi.fn(),
    onPointerOut: vi.fn(),
    onMouseOver: vi.fn(),
    onMouseEnter: vi.fn(),
    onMouseOut: vi.fn(),
    onGotPointerCapture: vi.fn(),
    onLostPointerCapture: vi.fn(),
    onPointerDown: vi.fn(),
    onPointerUp: vi.fn(),
    onPointerMove: vi.fn(),
    onPointerCancel: vi.fn(),
    onTouchStart: vi.fn(),
    onTouchEnd: vi.fn(),
    onTouchMove: vi.fn(),
    onTouchCancel: vi.fn(),
    onMouseDown: vi.fn(),
    onMouseUp: vi.fn(),
    onMouseMove: vi.fn(),
    onFocus: vi.fn(),
    onBlur: vi.fn(),
  };
  const onClick = vi.fn();
  const onKeyDown = vi.fn();

  beforeEach(async () => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () =>
      root.render(createElement('div', { id: 'target', onClick, onKeyDown, ...stopped })),
    );
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.clearAllMocks();
  });

  /** Fires at the target the events behind {@link stopped}: each crossing comes from outside the page. */
  const fireReactTypes = () => {
    const target = container.querySelector('#target')!;
    for (const type of [
      ...['transitionend', 'transitionrun', 'gotpointercapture', 'lostpointercapture'],
      ...['pointerdown', 'pointerup', 'pointermove', 'pointercancel'],
      ...['touchstart', 'touchend', 'touchmove', 'touchcancel', 'focusin', 'focusout'],
    ])
      target.dispatchEvent(new Event(type, { bubbles: true }));
    for (const type of ['pointerover', 'pointerout', 'mouseover', 'mouseout'])
      target.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget: null }));
    for (const type of ['mousedown', 'mouseup', 'mousemove'])
      target.dispatchEvent(new MouseEvent(type, { bubbles: true }));
  };

  it("keeps each of them from React's handlers and from the element's own listeners", () => {
    const restore = stopUnhandledEvents(window);
    const own = vi.fn();
    const target = container.querySelector('#target')!;
    for (const type of UNHANDLED_EVENTS) target.addEventListener(type, own);
    for (const type of UNHANDLED_EVENTS) target.dispatchEvent(new Event(type, { bubbles: true }));
    fireReactTypes();
    restore();
    for (const handler of Object.values(stopped)) expect(handler).not.toHaveBeenCalled();
    expect(own).not.toHaveBeenCalled();
  });

  it('lets every other event through, a click and a key press among them', () => {
    const restore = stopUnhandledEvents(window);
    const target = container.querySelector('#target') as HTMLElement;
    act(() => {
      target.click();
      target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    });
    restore();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onKeyDown).toHaveBeenCalledTimes(1);
  });

  it('without it, or once removed, React handles them (the probe can fail)', () => {
    stopUnhandledEvents(window)();
    fireReactTypes();
    for (const [name, handler] of Object.entries(stopped)) expect(handler, name).toHaveBeenCalledTimes(1);
  });
});
