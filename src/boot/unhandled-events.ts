/**
 * The delegated events the shop never handles, stopped at the window before React's root listener
 * sees them.
 *
 * React listens at `#root` for every event it supports and, for each one, walks the fiber path from
 * the target up to the root collecting handlers. The shop's controls sit 24–37 fibers deep, and a tap
 * dispatches about fifteen events (pointer, touch, mouse, then click) plus the transition and
 * animation events of whatever the tap restyles, so on a low-tier phone (8–10× slower CPU) that walk
 * added 10–20 ms to a tap's input delay and presentation where no handler exists (issue 54, the
 * interactions bench). No component uses `onPointer*`, `onMouse*`, `onTouch*`, `onTransition*` or
 * `onAnimation*`, and React's own plugins only need them for those props (the change plugin reads
 * `click` and `input`, which pass). `stopPropagation` at the window's capture phase ends the event's
 * path there: the browser's default actions (focus, `:active`, the click that follows, scrolling) are
 * untouched, and other listeners on the window itself still run. Passive, so scrolling never waits.
 */
export const UNHANDLED_EVENTS = [
  'pointerover',
  'pointerout',
  'pointermove',
  'pointerdown',
  'pointerup',
  'pointercancel',
  'gotpointercapture',
  'lostpointercapture',
  'mouseover',
  'mouseout',
  'mousemove',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchmove',
  'touchend',
  'touchcancel',
  'transitionrun',
  'transitionstart',
  'transitionend',
  'transitioncancel',
  'animationstart',
  'animationiteration',
  'animationend',
] as const;

/** Stops {@link UNHANDLED_EVENTS} at `target` (the window) for the page's life. */
export function stopUnhandledEvents(target: Pick<Window, 'addEventListener'> = window): void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of UNHANDLED_EVENTS) target.addEventListener(type, stop, { capture: true, passive: true });
}
