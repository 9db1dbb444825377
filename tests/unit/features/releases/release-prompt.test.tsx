/**
 * The new-release prompt through the whole app (spec §2 'New release'), with the browser's service
 * worker side stood in for: workbox-window's `Workbox` (a fake that says when a release waits) and
 * `navigator.serviceWorker` (a registration whose waiting worker records what the page asks of it).
 * What the real worker does is tested in three engines (tests/engines/, docs/offline.md).
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { autofillCheckoutForm } from '@support/fill-checkout-form';
import { renderApp, warmUpApp } from '@support/render-app';
import { SERVICE_WORKER_FILE } from '@/lib/shared-names';

const fake = vi.hoisted(() => {
  /** The page's Workbox: records its URL and lets the test fire its events. */
  class FakeWorkbox {
    static latest: FakeWorkbox | undefined;
    /** Called with the Workbox that starts watching for a waiting worker (set by `watching()`). */
    static onWatch: (workbox: FakeWorkbox) => void = () => {};
    readonly listeners = new Map<string, Set<() => void>>();
    readonly register = vi.fn(async () => fake.registration);
    readonly update = vi.fn(async () => undefined);
    constructor(readonly url: unknown) {
      FakeWorkbox.latest = this;
    }
    addEventListener(type: string, listener: () => void) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)?.add(listener);
      if (type === 'waiting') FakeWorkbox.onWatch(this);
    }
    removeEventListener(type: string, listener: () => void) {
      this.listeners.get(type)?.delete(listener);
    }
    emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
  }
  return {
    FakeWorkbox,
    registration: { waiting: null as { postMessage: (message: unknown) => void } | null, active: {} },
  };
});
vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

const container = new EventTarget();
let reload: Mock<() => void>;
const postMessage = vi.fn();

// Before the service worker stand-in: the warm-up renders watch no releases.
beforeAll(warmUpApp);

let watching: Promise<InstanceType<typeof fake.FakeWorkbox>>;
beforeEach(() => {
  // The page's Workbox once it watches for a waiting worker: the registration code is downloaded and
  // run after the app starts, so a test awaits this instead of polling.
  watching = new Promise((resolve) => (fake.FakeWorkbox.onWatch = resolve));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    // Reload asks the registration the page made: the browser's own lookup may answer none (WebKit did).
    value: Object.assign(container, { getRegistration: async () => undefined }),
  });
  fake.registration.waiting = null;
  reload = vi.fn<() => void>();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
});
afterEach(() => {
  vi.restoreAllMocks();
  postMessage.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const prompt = () => screen.queryByText('A new version of the shop is ready');
const reloadButton = () => screen.queryByRole('button', { name: 'Reload' });

/**
 * A new release's worker is installed and waits; the page's Workbox says so, once the page watches it
 * (the registration code downloads after the app starts).
 */
async function releaseWaits() {
  const workbox = await watching;
  fake.registration.waiting = { postMessage, addEventListener: () => undefined } as never;
  act(() => workbox.emit('waiting'));
}

/** Resolves once `mock` is next called (it then does nothing else). */
const nextCall = (mock: Mock<(...args: never[]) => void>) =>
  new Promise<void>((resolve) => mock.mockImplementationOnce(() => resolve()));

describe('a new release of the shop', () => {
  it('is offered in a polite status with Reload once its worker waits, never before @R2.30', async () => {
    renderApp('/');
    expect((await watching).url).toBe(`/${SERVICE_WORKER_FILE}`);
    expect(prompt()).not.toBeInTheDocument();

    await releaseWaits();

    expect(prompt()?.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(reloadButton()).toBeInTheDocument();
    expect(reloadButton()).not.toHaveFocus();
  });

  it('Reload hands over to the waiting worker, then reloads where the page is with the cart kept', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('radio', { name: 'Ocean Blue' }));
    await user.click(screen.getByRole('button', { name: /^Add to Cart/ }));
    await releaseWaits();

    expect(reloadButton()).not.toHaveAttribute('aria-disabled');
    const skipWaitingAsked = nextCall(postMessage);
    await user.click(reloadButton()!);
    await skipWaitingAsked;
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reloadButton()).toHaveAttribute('aria-disabled', 'true');
    expect(reload).not.toHaveBeenCalled();

    const reloaded = nextCall(reload);
    act(() => void container.dispatchEvent(new Event('controllerchange')));
    await reloaded;
    expect(reload).toHaveBeenCalledOnce();
    expect(new URL(document.URL).pathname).toBe('/');
    expect(window.history.state).toMatchObject({
      petBallCart: { colourId: 'ocean-blue', quantity: 1, cartCount: 1 },
    });
  });

  it("is held back while the order is 'Processing...' and on 'Order Confirmed!' @R2.30", async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });
    await releaseWaits();
    expect(prompt()).toBeInTheDocument();

    autofillCheckoutForm();
    await user.click(screen.getByRole('button', { name: /^Complete Order/ }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeInTheDocument();
    expect(prompt()).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(prompt()).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
