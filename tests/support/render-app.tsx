import { cleanup, render, type RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App, type AppRouter } from '@/app/app';
import { resolveLazyRoutes, routes } from '@/app/router';

// The checkout route is code-split (`lazy`): load it once so every test renders any path synchronously.
// The release watcher's code is imported lazily too (where the page has service workers): loaded here,
// while the file is collected, so no test waits on its transform.
await Promise.all([resolveLazyRoutes(routes), import('@/features/releases/workbox-registration')]);

/** What {@link renderApp} returns: Testing Library's result, a user-event session and the router. */
export interface RenderedApp extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  router: AppRouter;
}

/**
 * Renders the whole shop (real routes, real machines) at `path` with an in-memory router, optionally
 * with navigation state. With `fakeTimers: true`, Vitest's fake clock drives every delay and
 * user-event advances it.
 */
export function renderApp(
  path = '/',
  { state, fakeTimers = false }: { state?: unknown; fakeTimers?: boolean } = {},
): RenderedApp {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: false });
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const result = render(<App router={router} />);
  return { ...result, user, router };
}

/**
 * Renders every page once and removes it again, leaving storage and `<html lang>` as they were: for a
 * file's `beforeAll`, so that the first render of each page in a worker (its code compiled, its styles
 * generated: seconds on a busy machine, ten times a later render) is not paid inside the file's first
 * test. Not for a file whose test needs the language detector's first look at storage (it remembers,
 * per page load, whether storage works).
 */
export function warmUpApp(): void {
  for (const path of ['/', '/checkout', '/not-found']) {
    render(<App router={createMemoryRouter(routes, { initialEntries: [path] })} />);
    cleanup();
  }
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
}
