/**
 * Keeps the taps a shopper makes before the app is interactive (issue 10). The prerendered page
 * paints long before the app's script has downloaded, run and hydrated it; a tap on 'Add to Cart',
 * a colour or the cart button in that window would otherwise be lost silently (the buttons look
 * ready). This tiny script loads first, records each such tap (on a button, a radio or checkbox, or
 * the label of one) and swallows it before it reaches React or the browser's default action; once the
 * app announces it is interactive (`announceAppReady` in ./app-ready.ts), each recorded control is clicked again in
 * order, so the machine gets the shopper's events exactly as if the app had been there. Links are
 * left alone: they work without JavaScript. Text fields need no help: what is typed stays in the DOM.
 *
 * Built as its own entry and loaded `async` in `<head>` (scripts/prerender.mjs): it runs before the app.
 * It imports nothing, so it never waits for a chunk shared with the app; the two names below are
 * therefore written out here as in ./app-ready.ts (tests/early/early-taps.test.ts fails if they part).
 */

/** `APP_READY_ATTRIBUTE` of ./app-ready.ts. */
const APP_READY_ATTRIBUTE = 'data-app-ready';
/** `APP_READY_EVENT` of ./app-ready.ts. */
const APP_READY_EVENT = 'petball:app-ready';

const TAPPABLE = 'button, input[type="radio"], input[type="checkbox"], label';

/** The control a click acts on, or `null` when the click needs no keeping (a link, text, a field). */
function controlOf(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(TAPPABLE);
  if (control instanceof HTMLLabelElement) {
    const labelled = control.control;
    return labelled instanceof HTMLInputElement && (labelled.type === 'radio' || labelled.type === 'checkbox')
      ? labelled
      : null;
  }
  return control;
}

/**
 * Starts keeping taps until the app is ready (see the module comment); does nothing when the app
 * already is. Runs once when this entry loads.
 */
export function keepEarlyTaps(): void {
  const root = document.documentElement;
  if (root.hasAttribute(APP_READY_ATTRIBUTE)) return;
  const taps: HTMLElement[] = [];

  const keep = (event: MouseEvent) => {
    const control = controlOf(event.target);
    if (!control || (control as HTMLButtonElement).disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    taps.push(control);
  };

  const replay = () => {
    document.removeEventListener('click', keep, true);
    for (const control of taps.splice(0)) {
      if (control.isConnected) control.click();
    }
  };

  document.addEventListener('click', keep, true);
  document.addEventListener(APP_READY_EVENT, replay, { once: true });
}

keepEarlyTaps();
