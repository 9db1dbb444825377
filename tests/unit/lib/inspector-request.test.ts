/**
 * When the dev server's Stately inspector is on, decided once as `src/lib/inspector.ts` loads: in the
 * dev server's `inspect` mode or with `?inspect` in the page's URL, never in a production build. Each
 * test opens the page as the condition says, then loads the module afresh.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as checkoutForm from '@machines/checkout-form';

/**
 * What the Stately inspector received, in order; with `blocked`, it cannot start (its window is
 * blocked, say), as `createBrowserInspector` then throws.
 */
const inspectorPackage = vi.hoisted(() => ({ received: [] as unknown[], blocked: false }));
const { received } = inspectorPackage;
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => {
    if (inspectorPackage.blocked)
      throw new TypeError('Cannot read properties of null (reading "postMessage")');
    return { inspect: { next: (event: unknown) => received.push(event) } };
  },
}));

/**
 * Loads the inspector module as a page at `url` would, with Vite's `DEV` and `MODE` as given; with no
 * `url`, as Node would, where there is no `window`.
 */
async function loadInspector(url: string | undefined, env: { DEV: boolean; MODE: string }) {
  if (url === undefined) vi.stubGlobal('window', undefined);
  else window.history.replaceState(null, '', url);
  vi.stubEnv('DEV', env.DEV);
  vi.stubEnv('MODE', env.MODE);
  vi.resetModules();
  // The machines' tables load once, with this file, not again inside each test: reloaded in a test,
  // their constants would count as run by these tests, which do not check them (docs/testing.md).
  vi.doMock('@machines/checkout-form', () => checkoutForm);
  return import('@/lib/inspector');
}

afterEach(() => {
  received.length = 0;
  inspectorPackage.blocked = false;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the inspector as the page loads', () => {
  it('is off on the dev server when nobody asked for it', async () => {
    const { inspect } = await loadInspector('/?color=red', { DEV: true, MODE: 'development' });
    expect(inspect).toBeUndefined();
  });

  it('is on on the dev server in the inspect mode (npm run dev:inspect), without ?inspect', async () => {
    const { inspect } = await loadInspector('/', { DEV: true, MODE: 'inspect' });
    expect(inspect?.next).toBeTypeOf('function');
  });

  it('is on on the dev server with ?inspect in the URL', async () => {
    const { inspect } = await loadInspector('/?inspect', { DEV: true, MODE: 'development' });
    expect(inspect?.next).toBeTypeOf('function');
  });

  it('when on, keeps what actors report until the inspector has loaded, then passes it on in order', async () => {
    const { inspect } = await loadInspector('/?inspect', { DEV: true, MODE: 'development' });
    const actorRef = {};
    const first = { type: '@xstate.microstep', actorRef, value: 'first' };
    const second = { type: '@xstate.microstep', actorRef, value: 'second' };
    const third = { type: '@xstate.microstep', actorRef, value: 'third' };
    inspect?.next?.(first as never);
    inspect?.next?.(second as never);
    // The timeout only guards against a hang: the mocked module loads within a few ticks.
    await vi.waitFor(() => expect(received).toEqual([first, second]), { timeout: 10_000 });
    inspect?.next?.(third as never);
    expect(received).toEqual([first, second, third]);
  });

  it('when on but the inspector cannot start, says so in the console and takes events still', async () => {
    inspectorPackage.blocked = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { inspect } = await loadInspector('/?inspect', { DEV: true, MODE: 'development' });
    // The timeout only guards against a hang: the failure settles within a few ticks.
    await vi.waitFor(
      () =>
        expect(consoleError).toHaveBeenCalledWith(
          'The Stately inspector could not be loaded.',
          expect.any(Error),
        ),
      { timeout: 10_000 },
    );
    expect(() => inspect?.next?.({ type: '@xstate.microstep', actorRef: {} } as never)).not.toThrow();
    expect(received).toEqual([]);
  });

  it('is off in a production build, even with ?inspect in the URL', async () => {
    const { inspect } = await loadInspector('/?inspect', { DEV: false, MODE: 'production' });
    expect(inspect).toBeUndefined();
  });

  it('is off, and loads, where there is no window (Node: server rendering, Node tests)', async () => {
    const { inspect } = await loadInspector(undefined, { DEV: true, MODE: 'development' });
    expect(inspect).toBeUndefined();
  });

  it('redacts card data with a placeholder that shows something was there', async () => {
    const { redactCardData } = await loadInspector('/', { DEV: true, MODE: 'development' });
    expect(redactCardData({ type: 'field.change', name: 'cardNumber', value: '4242424242424242' })).toEqual({
      type: 'field.change',
      name: 'cardNumber',
      value: '•••',
    });
  });
});
