import { Loader2, Lock } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { selectIsProcessing, selectOrderTotals, type CheckoutSnapshot } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { Button } from '@/components/ui/button';
import { useIsHydrated } from '@/hooks/use-is-hydrated';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

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
  const isProcessing = CheckoutActorContext.useSelector(selectIsProcessing);
  const isHydrated = useIsHydrated();
  const { t } = useTranslation();

  return (
    <Submit type="submit" data-block disabled={isProcessing || !isHydrated} aria-busy={isProcessing}>
      {isProcessing ? (
        <>
          <Loader2 aria-hidden size={20} data-spinner="" />
          {t('checkout.processing')}
        </>
      ) : (
        <SubmitLabel />
      )}
    </Submit>
  );
}

/**
 * 'Complete Order - $X'. The price follows a shipping method's choice in a deferred render, as the
 * summary's totals do; the tap's render calls this with the previous total, and the memoised label
 * skips its text and icon.
 */
function SubmitLabel() {
  const totalCents = useDeferredValue(CheckoutActorContext.useSelector(selectTotalCents));
  return <PricedLabel totalCents={totalCents} />;
}

/** {@link SubmitLabel}'s lock icon and text for `totalCents` (integer cents), rendered again only when it (or the language) changes. */
const PricedLabel = memo(function PricedLabel({ totalCents }: { totalCents: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Lock aria-hidden size={18} />
      {t('checkout.submit', { price: formatCents(totalCents) })}
    </>
  );
});

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/**
 * The spinner's rotation is a static rule of the button (`[data-spinner]`), so its class and keyframes
 * exist from the first paint: pressing submit inserts no style rule (which would restyle the page).
 */
const Submit = styled(Button)`
  min-height: 56px;
  font-size: ${theme.font.size.lg};
  box-shadow: ${theme.shadow.card};

  [data-spinner] {
    animation: ${spin} 1s linear infinite;

    @media (prefers-reduced-motion: reduce) {
      animation: none;
    }
  }
`;
