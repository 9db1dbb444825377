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
  /** React's handlers of a transition, the pointer's and the mouse's crossings, and pointer capture. */
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
  };
  const onClick = vi.fn();

  beforeEach(async () => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root.render(createElement('div', { id: 'target', onClick, ...stopped })));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.clearAllMocks();
  });

  /** Fires at the target the events behind {@link stopped}: each crossing comes from outside the page. */
  const fireReactTypes = () => {
    const target = container.querySelector('#target')!;
    for (const type of ['transitionend', 'transitionrun', 'gotpointercapture', 'lostpointercapture'])
      target.dispatchEvent(new Event(type, { bubbles: true }));
    for (const type of ['pointerover', 'pointerout', 'mouseover', 'mouseout'])
      target.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget: null }));
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

  it('lets every other event through, a click among them', () => {
    const restore = stopUnhandledEvents(window);
    act(() => void (container.querySelector('#target') as HTMLElement).click());
    restore();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('without it, or once removed, React handles them (the probe can fail)', () => {
    stopUnhandledEvents(window)();
    fireReactTypes();
    for (const [name, handler] of Object.entries(stopped)) expect(handler, name).toHaveBeenCalledTimes(1);
  });
});
