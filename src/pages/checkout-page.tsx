import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkoutMachine } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { CheckoutView } from '@/components/checkout/checkout-view';

/**
 * Route `/checkout` (spec §2 'Checkout page'): starts a checkout actor for this visit with the
 * navigation state as its untrusted input (spec §3; the machine validates it and falls back to one Hot
 * Pink ball). The app provides the machine's effects: a confirmed order empties the storefront's cart
 * and, 3 s later, replaces this history entry with `/` (so Back does not reopen a finished checkout).
 * Leaving the page unmounts the provider, which stops the actor and its timers.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const storefront = StorefrontActorContext.useActorRef();
  const checkoutLogic = useMemo(
    () =>
      checkoutMachine.provide({
        actions: {
          navigateHome: () => void navigate('/', { replace: true }),
          notifyOrderPlaced: () => storefront.send({ type: 'order.placed' }),
        },
      }),
    [navigate, storefront],
  );
  return (
    <CheckoutActorContext.Provider
      logic={checkoutLogic}
      options={{ input: { checkoutInput: location.state } }}
    >
      <title>{`${t('checkout.title')} – ${t('brand.name')}`}</title>
      <CheckoutView />
    </CheckoutActorContext.Provider>
  );
}
