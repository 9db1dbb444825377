/**
 * DOM events the shop handles nowhere, yet React listens to each at its root (for props like
 * `onTransitionEnd` or `onPointerDown`), so every one the page fires runs React's dispatch: a synthetic
 * event and a walk of the component tree to the root, in both phases.
 * - The events of CSS transitions and animations: a tap that changes a styled state (a focused
 *   field's border, the checked shipping method's card, the cart sheet sliding in) fires one
 *   `transitionrun` and one `transitionstart` per transitioned property, or an `animationstart`.
 * - The pointer's and the mouse's crossing of element boundaries, from which React also makes
 *   `onMouseEnter` and `onPointerLeave` and the like: every tap on another element than the last
 *   fires `pointerover`, `pointerout`, `mouseover` and `mouseout`, before its click.
 * - The implicit pointer capture of a touch: `gotpointercapture` and `lostpointercapture`.
 * - The press and moves before a click: a touch tap fires `pointerdown`, `touchstart`, `pointerup`,
 *   `touchend`, `mousemove`, `mousedown` and `mouseup` before its `click`, a drag or a scroll the
 *   moves and cancels. The shop acts on the click (and on `input`, `change`, `keydown`, `submit`).
 * - Focus moving (`focusin`, `focusout`, from which React makes `onFocus` and `onBlur`) and the
 *   document's `selectionchange` (React's `onSelect`), fired by a tap on a field or a button.
 */
export const UNHANDLED_EVENTS = [
  'transitionrun',
  'transitionstart',
  'transitionend',
  'transitioncancel',
  'animationstart',
  'animationiteration',
  'animationend',
  'animationcancel',
  'pointerover',
  'pointerout',
  'mouseover',
  'mouseout',
  'gotpointercapture',
  'lostpointercapture',
  'pointerdown',
  'pointerup',
  'pointermove',
  'pointercancel',
  'touchstart',
  'touchend',
  'touchmove',
  'touchcancel',
  'mousedown',
  'mouseup',
  'mousemove',
  'focusin',
  'focusout',
  'selectionchange',
] as const;

/**
 * Stops every {@link UNHANDLED_EVENTS} event at `target` (the window), in its capture phase, before
 * any element's listeners, React's root among them, see it. The lint config forbids the React props
 * that would handle them. React's dispatch of them took about 1–4 ms of a tap at 1× CPU, several
 * times that on a low-tier phone, against the target of every tap within 1.25× a bare React button's
 * (docs/performance.md, Targets). What the browser does for them goes on as before: transitions and
 * animations run, `:hover` and `:active` styles apply, a touch's pointer is captured, a press moves
 * focus and a tap clicks. The listeners are passive: a touch's scroll never waits for them.
 * @returns removes the listeners again
 */
export function stopUnhandledEvents(target: Window): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of UNHANDLED_EVENTS) target.addEventListener(type, stop, { capture: true, passive: true });
  return () => {
    for (const type of UNHANDLED_EVENTS) target.removeEventListener(type, stop, { capture: true });
  };
}
