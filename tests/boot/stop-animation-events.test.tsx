import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANIMATION_EVENTS, stopAnimationEvents } from '@/boot/stop-animation-events';

/**
 * Transition and animation events stop at the window before React's root listener sees them
 * (src/boot/stop-animation-events.ts), and nothing else does. The handlers are React props given
 * through `createElement`: the lint config forbids them in JSX, which is the point. jsdom has no
 * `AnimationEvent`, so React listens there for the prefixed animation events: its handlers are checked
 * with transition events, and every type with an element's own listener.
 */
describe('stopAnimationEvents', () => {
  let container: HTMLDivElement;
  let root: Root;
  const handlers = {
    onTransitionEnd: vi.fn(),
    onTransitionRun: vi.fn(),
    onClick: vi.fn(),
  };

  beforeEach(async () => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root.render(createElement('div', { id: 'target', ...handlers })));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.clearAllMocks();
  });

  const fire = (type: string) =>
    container.querySelector('#target')!.dispatchEvent(new Event(type, { bubbles: true }));

  it("keeps each of them from React's handlers and from the element's own listeners", () => {
    const restore = stopAnimationEvents(window);
    const own = vi.fn();
    const target = container.querySelector('#target')!;
    for (const type of ANIMATION_EVENTS) target.addEventListener(type, own);
    for (const type of ANIMATION_EVENTS) fire(type);
    restore();
    expect(handlers.onTransitionEnd).not.toHaveBeenCalled();
    expect(handlers.onTransitionRun).not.toHaveBeenCalled();
    expect(own).not.toHaveBeenCalled();
  });

  it('lets every other event through, a click among them', () => {
    const restore = stopAnimationEvents(window);
    act(() => void (container.querySelector('#target') as HTMLElement).click());
    restore();
    expect(handlers.onClick).toHaveBeenCalledTimes(1);
  });

  it('without it, or once removed, React handles them (the probe can fail)', () => {
    stopAnimationEvents(window)();
    fire('transitionend');
    fire('transitionrun');
    expect(handlers.onTransitionEnd).toHaveBeenCalledTimes(1);
    expect(handlers.onTransitionRun).toHaveBeenCalledTimes(1);
  });
});
