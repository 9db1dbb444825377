/**
 * The DOM events CSS transitions and animations fire. React listens to each of them at its root
 * (for `onTransitionEnd`, `onAnimationStart` and the like), so every one the page fires runs
 * React's dispatch: a synthetic event and a walk of the component tree to the root, in both phases.
 */
export const ANIMATION_EVENTS = [
  'transitionrun',
  'transitionstart',
  'transitionend',
  'transitioncancel',
  'animationstart',
  'animationiteration',
  'animationend',
  'animationcancel',
] as const;

/**
 * Stops every {@link ANIMATION_EVENTS} event at `target` (the window), in its capture phase, before
 * any element's listeners, React's root among them, see it. The shop listens to none of them (the
 * lint config forbids `onTransition…` and `onAnimation…` props), yet a tap that changes a styled
 * state (a focused field's border, the checked shipping method's card, the cart sheet sliding in)
 * fires one `transitionrun` and one `transitionstart` per transitioned property, or an
 * `animationstart`, in the frame that shows the tap: React's dispatch of them took 0.3–0.6 ms of
 * that frame at 1× CPU, ten times that on a low-tier phone, against the target of every tap within
 * 1.25× a bare React button's (docs/performance.md, Targets). The animations and transitions
 * themselves run as before.
 * @returns removes the listeners again
 */
export function stopAnimationEvents(target: Window): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of ANIMATION_EVENTS) target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of ANIMATION_EVENTS) target.removeEventListener(type, stop, { capture: true });
  };
}
