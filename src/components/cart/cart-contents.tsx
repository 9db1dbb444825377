import { ShoppingBag } from 'lucide-react';
import { shallowEqual } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lineTotalCents } from '@machines/pricing';
import { selectCartLine } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { LineItemRow } from '@/components/ui/line-item-row';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/format-money';

/**
 * The body of the cart modal (spec §2 'Cart modal', §4): 'Your cart is empty' with 'Start Shopping'
 * when the cart count is 0; otherwise the one line (current colour × cart count), the total in dollars
 * (from integer cents) and the 'Proceed to Checkout' / 'Continue Shopping' actions. Sends `cart.close`
 * and `checkout.proceed`; the app's `navigateToCheckout` does the routing.
 */
export function CartContents() {
  const line = StorefrontActorContext.useSelector(selectCartLine, shallowEqual);
  const { send } = StorefrontActorContext.useActorRef();
  const { t } = useTranslation();

  if (!line) {
    return (
      <Empty>
        <EmptyIcon>
          <ShoppingBag aria-hidden size={32} />
        </EmptyIcon>
        <p>{t('cart.empty')}</p>
        <Button $block onClick={() => send({ type: 'cart.close' })}>
          {t('cart.startShopping')}
        </Button>
      </Empty>
    );
  }

  return (
    <>
      <Lines>
        <LineItemRow item={line} thumbSize={72} />
      </Lines>
      <Total>
        <span>{t('cart.total')}</span>
        <span>{formatCents(lineTotalCents(line))}</span>
      </Total>
      <Actions>
        <Button $block onClick={() => send({ type: 'checkout.proceed' })}>
          {t('cart.proceed')}
        </Button>
        <Button $block $variant="secondary" onClick={() => send({ type: 'cart.close' })}>
          {t('cart.continueShopping')}
        </Button>
      </Actions>
    </>
  );
}

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colour.textMuted};
`;

const EmptyIcon = styled.span`
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colour.brandSoft};
  color: ${({ theme }) => theme.colour.brand};
`;

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Total = styled.p`
  display: flex;
  justify-content: space-between;
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colour.border};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
