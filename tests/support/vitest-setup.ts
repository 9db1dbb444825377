/**
 * Vitest setup for jsdom tests: jest-dom matchers, Testing Library cleanup, fake-timer support for
 * Testing Library, its waits bounded only against a hang, and the parts of `<dialog>` jsdom lacks.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy*` and `waitFor` end when their condition holds; with real timers their limit is wall time
// (1 s by default), which a busy machine can spend on one render. The limit only guards a hang, so it
// stays under the test's own (vitest.config.ts) and the failure names what was awaited. With a fake
// clock it bounds how far they advance it (50 ms a check), which a passing wait never reaches.
configure({ asyncUtilTimeout: 60_000 });

// Testing Library only advances fake clocks (in waitFor/user-event) when a `jest` global exists.
(globalThis as unknown as { jest: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

// jsdom has HTMLDialogElement but not showModal()/close(): model the open attribute and close event.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not implement scrolling.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});
