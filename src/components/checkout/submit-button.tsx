import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectIsProcessing, selectOrderTotals, type CheckoutSnapshot } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { formatCents } from '@/lib/format-money';

const selectTotalCents = (snapshot: CheckoutSnapshot): number => selectOrderTotals(snapshot).totalCents;

/**
 * The checkout form's submit button (spec §2 'Checkout page', §4 'Checkout'): 'Complete Order - $X'
 * with the order total (integer cents, formatted here). While the order is processing (3 s, spec §9)
 * it is disabled and `aria-busy`, and shows a spinning loader with 'Processing...'.
 * It is also disabled in the prerendered HTML until the page hydrates: a native submit before the
 * form's handler exists would send the card fields to the server (never, by rule, in a URL either:
 * the form is `method="post"`), and with a disabled default button the browser makes no implicit
 * submission on Enter.
 */
export function SubmitButton() {
  const totalCents = CheckoutActorContext.useSelector(selectTotalCents);
  const isProcessing = CheckoutActorContext.useSelector(selectIsProcessing);
  const isHydrated = useIsHydrated();
  const { t } = useTranslation();

  return (
    <Submit type="submit" $block disabled={isProcessing || !isHydrated} aria-busy={isProcessing}>
      {isProcessing ? (
        <>
          <Spinner aria-hidden size={20} />
          {t('checkout.processing')}
        </>
      ) : (
        <>
          <Lock aria-hidden size={18} />
          {t('checkout.submit', { price: formatCents(totalCents) })}
        </>
      )}
    </Submit>
  );
}

const Submit = styled(Button)`
  min-height: 56px;
  font-size: ${({ theme }) => theme.font.size.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;
