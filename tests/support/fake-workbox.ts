import { vi } from 'vitest';

/**
 * workbox-window's `Workbox` as the release code sees it (a test file's `vi.mock('workbox-window', …)`
 * gives it to the page, which makes one per page load): records
 * how it was made and asked to register, answers `register` with what the test gives, and fires the
 * events the test emits straight into the listeners (so a listener that throws fails the test).
 */
export class FakeWorkbox {
  /** Every Workbox made in this page. */
  static made: FakeWorkbox[] = [];
  /** What `register` resolves to (its workers are the test's to change); a rejection when `undefined`. */
  static registration: Partial<ServiceWorkerRegistration> | undefined = {};
  readonly listeners = new Map<string, Set<() => void>>();
  readonly registerOptions: unknown[] = [];
  readonly update = vi.fn(async () => undefined);
  constructor(
    readonly url: unknown,
    readonly options: unknown,
  ) {
    FakeWorkbox.made.push(this);
  }
  register(options: unknown): Promise<ServiceWorkerRegistration> {
    this.registerOptions.push(options);
    const { registration } = FakeWorkbox;
    return registration
      ? Promise.resolve(registration as ServiceWorkerRegistration)
      : Promise.reject(new TypeError('Failed to register a ServiceWorker: offline'));
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

/** A service worker as `registration.waiting` holds it: its state changes are the test's to fire. */
export class FakeWaitingWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  readonly postMessage = vi.fn();
  changeState(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
