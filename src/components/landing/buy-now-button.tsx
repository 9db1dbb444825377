import { useTranslation } from 'react-i18next';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { Button } from '@/components/ui/button';

/**
 * The 'Buy Now with PayPal' button (spec §2 'Landing page', §7): it calls no payment provider and only
 * opens the cart modal (`cart.open`).
 */
export function BuyNowButton() {
  const { t } = useTranslation();
  const { send } = StorefrontActorContext.useActorRef();

  return (
    <Button
      data-variant="paypal"
      data-block
      aria-haspopup="dialog"
      onClick={() => send({ type: 'cart.open' })}
    >
      {t('product.buyNowPayPal')}
    </Button>
  );
}
