import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import type { LinkRouter } from '@/dev/state-link/link-session';
import '@support/render-app';

/**
 * Mounts the whole shop (real routes, real machines) where a state link or replay just opened the page
 * (its path, and its navigation state for /checkout), then plays it and waits until it has played.
 * Not inside one act(): the path's navigation settles only as React commits, which act would defer.
 * Returns the router.
 */
export async function mountAndPlay(opened: { play: (router: LinkRouter) => Promise<void> } | null) {
  const usr = (window.history.state as { usr?: unknown } | null)?.usr;
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: window.location.pathname, state: usr }],
  });
  render(<App router={router} />);
  let played = !opened;
  void opened?.play(router).then(() => (played = true));
  await waitFor(() => expect(played).toBe(true));
  return router;
}
