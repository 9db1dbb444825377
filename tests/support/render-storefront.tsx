import { render, type RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { createI18n } from '@/i18n/i18n';
import { GlobalStyles } from '@/styles/global-styles';

/** What {@link renderWithStorefront} returns: Testing Library's result and a user-event session. */
export interface RenderedParts extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
}

/** The providers a landing-page component reads: i18n, the global styles and the storefront actor. */
function Storefront({ children }: { children: ReactNode }) {
  const i18n = useMemo(() => createI18n(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <GlobalStyles />
      <StorefrontActorContext.Provider>{children}</StorefrontActorContext.Provider>
    </I18nextProvider>
  );
}

/**
 * Renders `parts` (components of the landing page) with what the app gives them, without the router or
 * the rest of the page: for a test of one component's behaviour, a fraction of the whole page's render.
 * The storefront machine runs as defined; what the app provides it for the network and the router
 * (loading the checkout's code, navigating, releases) keeps the machine's no-op defaults, so a test that
 * needs one of those renders the app (./render-app.tsx). With `fakeTimers: true`, Vitest's fake clock
 * drives every delay and user-event advances it.
 */
export function renderWithStorefront(
  parts: ReactNode,
  { fakeTimers = false }: { fakeTimers?: boolean } = {},
): RenderedParts {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: false });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  return { ...render(<Storefront>{parts}</Storefront>), user };
}
