import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { fromCallback, fromPromise } from 'xstate';
import { checkoutInputFor } from '@machines/checkout-input';
import { storefrontMachine, type StorefrontSnapshot } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { NoScriptNotice } from '@/components/ui/no-script-notice';
import { announceAppReady } from '@/early/app-ready';
import { reloadIntoCheckout } from '@/effects/cart-handoff';
import { loadCheckout } from '@/features/checkout-download/load-checkout';
import { reloadIntoRelease, watchReleases } from '@/features/releases/watch-releases';
import { createI18n } from '@/i18n/i18n';
import { afterNextPaint } from '@/lib/after-next-paint';
import { devActorOptions, isHeldByDevTool } from '@/lib/dev-actor-options';
import { GlobalStyles } from '@/styles/global-styles';
import { importCheckoutPage } from './router';

/** A data router, from `createBrowserRouter` (the app) or `createMemoryRouter` (tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole shop: i18n, global styles, the page-long storefront actor and the router.
 * The storefront actor sits above the router so the cart survives route changes (spec §4) and is
 * given what touches the network, the router and the page: `loadCheckout` (the checkout
 * page's code), `navigateToCheckout` (`router.navigate('/checkout', { state: checkoutInput })`, in
 * the first task after the tap's paint), `reloadIntoCheckout` (a new release: reload into /checkout
 * keeping the cart), `watchReleases` (the service worker: offline after one visit, new releases
 * installed in the background) and `reloadIntoRelease` (the shopper's 'Reload': the waiting release
 * takes over, the page reloads where it is with the cart). `i18n` is the instance to use (the
 * browser's boot makes it in a task of its own, src/boot/start.tsx), else the app makes one.
 * `storefrontSnapshot` is where the storefront starts (a cart kept across that reload), else it
 * starts afresh. Once mounted, the app announces it is interactive, and the taps made before are
 * replayed.
 */
export function App({
  router,
  i18n: givenI18n,
  storefrontSnapshot,
}: {
  router: AppRouter;
  i18n?: I18n;
  storefrontSnapshot?: StorefrontSnapshot;
}) {
  const i18n = useMemo(() => givenI18n ?? createI18n(), [givenI18n]);
  const storefrontLogic = useMemo(
    () =>
      storefrontMachine.provide({
        actions: {
          // After the busy button's paint, the tap's feedback: the checkout renders in a later
          // transition anyway, and `pushState` with the router's navigation would run in the tap.
          navigateToCheckout: ({ context }) => {
            const state = checkoutInputFor(context.colourId, context.cartCount);
            void afterNextPaint().then(() => router.navigate('/checkout', { state }));
          },
          reloadIntoCheckout: ({ context }) => reloadIntoCheckout(context),
          reloadIntoRelease: ({ context }) => reloadIntoRelease(context),
          // After the cart's first paint: the request and `import()` would otherwise run in the tap.
          prefetchCheckout: () =>
            void afterNextPaint()
              .then(() => importCheckoutPage())
              .catch(() => {}),
        },
        actors: {
          // A dev tool holding the page (a state link's `&hold`) holds the download too.
          loadCheckout: fromPromise(() =>
            isHeldByDevTool() ? new Promise<never>(() => {}) : loadCheckout(importCheckoutPage),
          ),
          watchReleases: fromCallback(({ sendBack }) =>
            watchReleases(() => sendBack({ type: 'release.waiting' })),
          ),
        },
      }),
    [router],
  );
  useEffect(announceAppReady, []);
  return (
    <I18nextProvider i18n={i18n}>
      <GlobalStyles />
      <NoScriptNotice />
      <StorefrontActorContext.Provider
        logic={storefrontLogic}
        options={{ ...devActorOptions, snapshot: storefrontSnapshot }}
      >
        <RouterProvider router={router} />
      </StorefrontActorContext.Provider>
    </I18nextProvider>
  );
}
