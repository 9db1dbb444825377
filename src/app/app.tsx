import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { storefrontMachine } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { inspect } from '@/lib/inspector';
import { GlobalStyles } from './global-styles';
import { createI18n } from './i18n';
import { theme } from './theme';

/** A data router, from `createBrowserRouter` (the app) or `createMemoryRouter` (tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole shop: i18n, theme, global styles, the page-long storefront actor and the router.
 * The storefront actor sits above the router so the cart survives route changes (spec §4) and is
 * given the app's `navigateToCheckout`: `router.navigate('/checkout', { state: checkoutInput })`.
 */
export function App({ router }: { router: AppRouter }) {
  const i18n = useMemo(() => createI18n(), []);
  const storefrontLogic = useMemo(
    () =>
      storefrontMachine.provide({
        actions: {
          navigateToCheckout: (_, { checkoutInput }) =>
            void router.navigate('/checkout', { state: checkoutInput }),
        },
      }),
    [router],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        <StorefrontActorContext.Provider logic={storefrontLogic} options={{ inspect }}>
          <RouterProvider router={router} />
        </StorefrontActorContext.Provider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
