/**
 * Taps before the app is interactive are kept and replayed once it is, with the real
 * early-tap script and the app's real signal (src/early/app-ready.ts), so the two cannot drift apart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceAppReady } from '@/early/app-ready';
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
  it('keeps a tap on a button from reaching handlers, then replays it once the app is ready', async () => {
    await loadEarlyTapScript();
    const clicks = vi.fn();
    element('add').addEventListener('click', clicks);

    element('add').click();
    expect(clicks).not.toHaveBeenCalled();

    announceAppReady();
    expect(clicks).toHaveBeenCalledOnce();
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
    element('add').addEventListener('click', () => order.push('add'));
    element('blue').addEventListener('click', () => order.push('blue'));
    element('blue-label').click();
    element('add').click();
    element('add').click();

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
