import { render, type RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App, type AppRouter } from '@/app/app';
import { resolveLazyRoutes, routes } from '@/app/router';

// The checkout route is code-split (`lazy`): load it once so every test renders any path synchronously.
await resolveLazyRoutes(routes);

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
