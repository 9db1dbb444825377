import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkoutMachine } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { devActorOptions } from '@/lib/dev-actor-options';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { ReleasePrompt } from '@/features/releases/release-prompt';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { addCheckoutTexts } from '@/i18n/checkout-texts';

/**
 * Route `/checkout` (spec §2 'Checkout page'), which brings its own texts (`checkout.*`, added to the
 * app's i18n before its first render): a checkout actor for this visit, with the navigation
 * state as its untrusted input (spec §3; the machine validates it and falls back to one Hot Pink ball).
 * A confirmed order empties the storefront's cart and, 3 s later, replaces this history entry with `/`
 * (unless the shopper chose 'Stay on this page': then 'Back to Shop' does).
 * Once shown, it tells the storefront (`checkout.opened`), whose cart dialog stayed open over 'Opening
 * checkout…' so that it leaves with the landing page; once gone, it says so too (`checkout.left`), and
 * a submit tells it an order is underway (`order.submitted`): the storefront machine holds a new
 * release back from then until the shopper is back at the shop.
 *
 * The checkout's history rule: a checkout is never resumed, and only a submit places an order.
 * - Leaving while the order processes (Back, 'Back to Shop', any link) cancels it: unmounting stops the
 *   actor and its timers, so no confirmation, no redirect, and the cart is kept. Forward opens a fresh
 *   checkout (idle, card fields empty) for the cart carried in that history entry.
 * - Back from 'Order Confirmed!' goes to the shop (the cart is already empty) and cancels the pending
 *   redirect. Forward opens a fresh checkout, never the old confirmation; nothing is re-ordered.
 * - After the redirect (the automatic one, or 'Back to Shop' once the shopper stayed), Back and Forward
 *   never reach the finished checkout again.
 * Card data is never restored: it lives only in the stopped actor (tests/unit/app/checkout-lifecycle.test.tsx).
 */
export function CheckoutPage() {
  const { t, i18n } = useTranslation();
  // Before any child renders: the checkout's texts come with this page's chunk.
  addCheckoutTexts(i18n);
  const location = useLocation();
  const navigate = useNavigate();
  const storefront = StorefrontActorContext.useActorRef();
  useDocumentTitle(t('meta.checkoutTitle'));
  useEffect(() => {
    storefront.send({ type: 'checkout.opened' });
    return () => storefront.send({ type: 'checkout.left' });
  }, [storefront]);
  const checkoutLogic = useMemo(
    () =>
      checkoutMachine.provide({
        actions: {
          navigateHome: () => void navigate('/', { replace: true }),
          notifyOrderSubmitted: () => storefront.send({ type: 'order.submitted' }),
          notifyOrderPlaced: () => storefront.send({ type: 'order.placed' }),
        },
      }),
    [navigate, storefront],
  );
  return (
    <CheckoutActorContext.Provider
      logic={checkoutLogic}
      options={{ input: { checkoutInput: location.state }, ...devActorOptions }}
    >
      <CheckoutView />
      <ReleasePrompt />
    </CheckoutActorContext.Provider>
  );
}
