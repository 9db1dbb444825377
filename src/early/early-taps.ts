/**
 * Keeps the taps a shopper makes before the app is interactive. The prerendered page paints long
 * before the app's script has downloaded, run and hydrated it; a tap on 'Add to Cart', a colour or the
 * cart button in that window would otherwise be lost silently (the buttons look ready). This tiny
 * script loads first, records each such tap (on a button, a radio or checkbox, or the label of one)
 * and swallows it before it reaches React or the browser's default action; once the app announces it
 * is interactive (`announceAppReady` in ./app-ready.ts), each recorded control is clicked again in
 * order, so the machine gets the shopper's events exactly as if the app had been there. Links are
 * left alone: they work without JavaScript. Text fields need no help: what is typed stays in the DOM.
 *
 * The build (build/prerender.ts) bundles it on its own and writes it inline, as a classic script, into
 * each page's `<head>`: it listens before the page can be tapped, however slow the network (a separate
 * file would arrive with the app, seconds after the page shows). It imports only the shared names, so
 * it stays a few hundred bytes. The reasoning: docs/decisions/0003-staged-boot-and-early-taps.md.
 */
import { APP_READY_ATTRIBUTE, APP_READY_EVENT } from '@/lib/shared-names';

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
 * already is. Runs once, when the page's inline script runs.
 */
function keepEarlyTaps(): void {
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

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
