import { CircleAlert, ShoppingBag, WifiOff } from 'lucide-react';
import { shallowEqual } from '@xstate/react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lineTotalCents } from '@machines/pricing';
import {
  selectCartLine,
  selectCheckoutLoadFailure,
  selectIsCartOpen,
  selectIsOpeningCheckout,
} from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { LineItemRow } from '@/components/cart/line-item-row';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * The body of the cart modal (spec §2 'Cart modal', §4): 'Your cart is empty' with 'Start Shopping'
 * when the cart count is 0; otherwise the one line (current colour × cart count), the total in dollars
 * (from integer cents) and the 'Proceed to Checkout' / 'Continue Shopping' actions. Sends `cart.close`
 * and `checkout.proceed`; the app's `navigateToCheckout` does the routing.
 *
 * While the checkout's code downloads, 'Proceed to Checkout' is busy (`aria-busy`, spinner,
 * 'Opening checkout...', announced politely) and `aria-disabled` (it keeps focus; the machine ignores a
 * second tap). When the download fails the cart says why (offline or unavailable) in an alert and the
 * same button becomes 'Try again' (`checkout.retry`), so focus stays where it was.
 *
 * While the cart is closed its line follows the cart in a deferred render, after the frame of the tap
 * that changed it ('Add to Cart', a colour): nobody sees a closed cart, and building its line inside
 * that tap would slow it on a low-tier phone (docs/performance.md). An open cart shows the cart as it is.
 */
export function CartContents() {
  const isOpen = StorefrontActorContext.useSelector(selectIsCartOpen);
  const currentLine = StorefrontActorContext.useSelector(selectCartLine, shallowEqual);
  const deferredLine = useDeferredValue(currentLine);
  const isOpeningCheckout = StorefrontActorContext.useSelector(selectIsOpeningCheckout);
  const failure = StorefrontActorContext.useSelector(selectCheckoutLoadFailure);
  return (
    <CartBody
      line={isOpen ? currentLine : deferredLine}
      isOpeningCheckout={isOpeningCheckout}
      failure={failure}
    />
  );
}

/** The cart's body: re-renders when its line, busy state or failure changes, not when the cart opens. */
const CartBody = memo(function CartBody({
  line,
  isOpeningCheckout,
  failure,
}: {
  line: ReturnType<typeof selectCartLine>;
  isOpeningCheckout: boolean;
  failure: ReturnType<typeof selectCheckoutLoadFailure>;
}) {
  const { send } = StorefrontActorContext.useActorRef();
  const { t } = useTranslation();

  if (!line) {
    return (
      <Empty>
        <EmptyIcon>
          <ShoppingBag aria-hidden size={32} />
        </EmptyIcon>
        <p>{t('cart.empty')}</p>
        <Button data-block onClick={() => send({ type: 'cart.close' })}>
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
      {failure && (
        <Failure role="alert">
          {failure === 'offline' ? <WifiOff aria-hidden size={20} /> : <CircleAlert aria-hidden size={20} />}
          <span>{t(`cart.checkoutFailure.${failure}`)}</span>
        </Failure>
      )}
      <VisuallyHidden role="status">{isOpeningCheckout ? t('cart.openingCheckout') : ''}</VisuallyHidden>
      <Actions>
        <Button
          data-block
          aria-busy={isOpeningCheckout}
          aria-disabled={isOpeningCheckout}
          onClick={() => send({ type: failure ? 'checkout.retry' : 'checkout.proceed' })}
        >
          {isOpeningCheckout && <Spinner aria-hidden size={20} />}
          {isOpeningCheckout ? t('cart.openingCheckout') : failure ? t('cart.tryAgain') : t('cart.proceed')}
        </Button>
        <Button data-block data-variant="secondary" onClick={() => send({ type: 'cart.close' })}>
          {t('cart.continueShopping')}
        </Button>
      </Actions>
    </>
  );
});

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space.md};
  padding-block: ${theme.space.lg};
  text-align: center;
  color: ${theme.colour.textMuted};
`;

const EmptyIcon = styled.span`
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.brandSoft};
  color: ${theme.colour.brand};
`;

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Total = styled.p`
  display: flex;
  justify-content: space-between;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colour.border};
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;

const Failure = styled.p`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-start;
  margin: 0 0 ${theme.space.md};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colour.danger};
  border-radius: ${theme.radius.md};
  color: ${theme.colour.danger};
  font-weight: ${theme.font.weight.bold};

  svg {
    flex: none;
    margin-top: 2px;
  }
`;

const Actions = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;
