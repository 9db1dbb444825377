/**
 * Keeps the taps a shopper makes before the app listens. The prerendered page paints long before the
 * app's script has downloaded and run; a tap on 'Add to Cart', a colour or the cart button in that
 * window would otherwise be lost silently (the buttons look ready). This tiny script loads first and
 * records each such tap (on a button, a radio or checkbox, or the label of one), cancelling its default
 * action (a radio checked, a form submitted) so nothing happens yet that the machines do not know of.
 * The tap itself goes on through the DOM as every tap does: a script beside the shop sees it, marked
 * `defaultPrevented`. Once React listens (`announceAppListening` in ./app-ready.ts) it takes each new
 * tap itself, hydrating what the tap lands on first, so nothing more is kept. Once the app is
 * interactive (`announceAppReady`), each recorded control is clicked again in order, so the machine
 * gets the shopper's events as if the app had been there. Links are left alone: they work without
 * JavaScript. Text fields need no help: what is typed stays in the DOM.
 *
 * The build (build/prerender.ts) bundles it on its own and writes it inline, as a classic script, into
 * each page's `<head>`: it listens before the page can be tapped, however slow the network (a separate
 * file would arrive with the app, seconds after the page shows). It imports only the shared names, so
 * it stays a few hundred bytes. The reasoning: docs/decisions/0003-staged-boot-and-early-taps.md.
 */
import { APP_LISTENING_EVENT, APP_READY_ATTRIBUTE, APP_READY_EVENT } from '@/lib/shared-names';

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
 * Starts keeping taps until the app listens (see the module comment) and replays them once it is
 * ready; does nothing when the app already is. Runs once, when the page's inline script runs.
 */
function keepEarlyTaps(): void {
  const root = document.documentElement;
  if (root.hasAttribute(APP_READY_ATTRIBUTE)) return;
  const taps: HTMLElement[] = [];

  const keep = (event: MouseEvent) => {
    const control = controlOf(event.target);
    if (!control || (control as HTMLButtonElement).disabled) return;
    event.preventDefault();
    taps.push(control);
  };
  const stopKeeping = () => document.removeEventListener('click', keep, true);

  const replay = () => {
    stopKeeping();
    for (const control of taps.splice(0)) {
      if (control.isConnected) control.click();
    }
  };

  document.addEventListener('click', keep, true);
  document.addEventListener(APP_LISTENING_EVENT, stopKeeping, { once: true });
  document.addEventListener(APP_READY_EVENT, replay, { once: true });
}

keepEarlyTaps();

// A module for TypeScript and the tests; the inline build wraps it in a function and exports nothing.
export {};
