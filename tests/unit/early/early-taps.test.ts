/**
 * Taps before the app listens are kept and replayed once it is interactive, with the real
 * early-tap script and the app's real signal (src/early/app-ready.ts), so the two cannot drift apart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceAppListening, announceAppReady } from '@/early/app-ready';
import { APP_READY_ATTRIBUTE } from '@/lib/shared-names';

/** Loads a fresh copy of the early-tap script, as a page does before its app. */
async function loadEarlyTapScript() {
  vi.resetModules();
  await import('@/early/early-taps');
}

beforeEach(() => {
  document.body.innerHTML = `
    <button id="add" type="button">Add to Cart</button>
    <label id="blue-label"><input id="blue" type="radio" name="colour" value="ocean-blue"> Ocean Blue</label>
    <a id="learn" href="#features">Learn More</a>
    <button id="disabled" type="submit" disabled>Complete Order</button>`;
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
});
afterEach(() => {
  announceAppReady(); // lets this test's script replay and stop listening
  document.body.innerHTML = '';
});

const element = (id: string) => document.getElementById(id)!;

describe('before the app is interactive', () => {
  it('cancels a tap on a button, lets it on through the DOM, and replays it once the app is ready', async () => {
    await loadEarlyTapScript();
    const seen: boolean[] = [];
    const clicks = (event: Event) => seen.push(event.defaultPrevented);
    element('add').addEventListener('click', clicks);
    document.addEventListener('click', clicks);
    window.addEventListener('click', clicks);

    element('add').click();
    expect(seen, 'the kept tap, at the element, the document and the window').toEqual([true, true, true]);

    announceAppReady();
    expect(seen.slice(3), 'the replayed tap').toEqual([false, false, false]);
  });

  it('keeps a colour chosen by its label unchecked until the app is ready, then checks it', async () => {
    await loadEarlyTapScript();
    element('blue-label').click();
    expect(element('blue')).not.toBeChecked();

    announceAppReady();
    expect(element('blue')).toBeChecked();
  });

  it('replays several taps in the order they were made', async () => {
    await loadEarlyTapScript();
    const order: string[] = [];
    const acted = (id: string) => (event: Event) => {
      if (!event.defaultPrevented) order.push(id);
    };
    element('add').addEventListener('click', acted('add'));
    element('blue').addEventListener('click', acted('blue'));
    element('blue-label').click();
    element('add').click();
    element('add').click();
    expect(order, 'nothing acted on yet').toEqual([]);

    announceAppReady();
    expect(order).toEqual(['blue', 'add', 'add']);
  });

  it('leaves links alone: they work without JavaScript', async () => {
    await loadEarlyTapScript();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    element('learn').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('once React listens, before the app is interactive', () => {
  it('keeps no new tap, and still replays those kept before once the app is ready', async () => {
    await loadEarlyTapScript();
    const seen: { id: string; defaultPrevented: boolean }[] = [];
    document.addEventListener('click', (event) =>
      seen.push({ id: (event.target as Element).id, defaultPrevented: event.defaultPrevented }),
    );
    element('blue').click();
    announceAppListening();
    element('add').click();
    expect(seen).toEqual([
      { id: 'blue', defaultPrevented: true },
      { id: 'add', defaultPrevented: false },
    ]);
    expect(element('blue')).not.toBeChecked();

    announceAppReady();
    expect(seen.at(-1)).toEqual({ id: 'blue', defaultPrevented: false });
    expect(element('blue')).toBeChecked();
  });
});

describe('once the app is interactive', () => {
  it('lets taps through at once and replays nothing twice', async () => {
    await loadEarlyTapScript();
    announceAppReady();
    const clicks = vi.fn();
    element('add').addEventListener('click', clicks);
    element('add').click();
    expect(clicks).toHaveBeenCalledOnce();
  });

  it('does nothing when it loads after the app (the app was faster)', async () => {
    announceAppReady();
    await loadEarlyTapScript();
    const clicks = vi.fn();
    element('add').addEventListener('click', clicks);
    element('add').click();
    expect(clicks).toHaveBeenCalledOnce();
  });
});
