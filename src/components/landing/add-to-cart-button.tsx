import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectAddToCartTotalCents } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/format-money';

/**
 * The 'Add to Cart - $43.96' button (spec §2 'Landing page', §4): shows the unit price × quantity (a
 * selector in cents, formatted here) and sends `cart.add`, which adds the quantity to the cart count
 * and shows the toast.
 */
export function AddToCartButton() {
  const { t } = useTranslation();
  const totalCents = StorefrontActorContext.useSelector(selectAddToCartTotalCents);
  const { send } = StorefrontActorContext.useActorRef();

  return (
    <Button data-block onClick={() => send({ type: 'cart.add' })}>
      <ShoppingCart size={20} />
      {t('product.addToCart', { price: formatCents(totalCents) })}
    </Button>
  );
}
