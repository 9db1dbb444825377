import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectHasStayed, selectOrderNumber } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { cardSurfaceStyles } from '@/components/checkout/card-surface';
import { Button, buttonStyles } from '@/components/ui/button';
import { theme } from '@/styles/theme';

/**
 * The confirmation screen (spec §2 'Checkout page', §4 'Checkout', §9): 'Order Confirmed!', the order
 * number ('PB-' + six digits), a thank-you and a note that the shopper is taken back to the shop (the
 * machine redirects after 3 s), with 'Stay on this page' (`redirect.cancel`), which stops the redirect
 * (WCAG 2.2.1 Timing Adjustable); the note then says the shopper stays, and 'Back to Shop'
 * (`shop.return`) leads home. The heading takes focus on mount (`tabIndex={-1}`) so keyboard and
 * screen-reader users land on it, and 'Stay on this page' is the next Tab stop; the details sit in a
 * polite status region, so the change of note is announced.
 */
export function OrderConfirmation() {
  const orderNumber = CheckoutActorContext.useSelector(selectOrderNumber);
  const hasStayed = CheckoutActorContext.useSelector(selectHasStayed);
  const { send } = CheckoutActorContext.useActorRef();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Card>
      <Badge>
        <CircleCheck aria-hidden size={40} />
      </Badge>
      <Title ref={headingRef} tabIndex={-1}>
        {t('checkout.confirmed.title')}
      </Title>
      <Details role="status">
        {orderNumber && <OrderNumber>{t('checkout.confirmed.orderNumber', { orderNumber })}</OrderNumber>}
        <p>{t('checkout.confirmed.thanks')}</p>
        <Redirecting>
          {t(hasStayed ? 'checkout.confirmed.staying' : 'checkout.confirmed.redirecting')}
        </Redirecting>
      </Details>
      {hasStayed ? (
        <BackToShop onFollow={() => send({ type: 'shop.return' })} />
      ) : (
        <Button data-variant="secondary" onClick={() => send({ type: 'redirect.cancel' })}>
          {t('checkout.confirmed.stay')}
        </Button>
      )}
    </Card>
  );
}

/**
 * 'Back to Shop' once the shopper stayed. It takes focus as it replaces 'Stay on this page', so the
 * keyboard is not dropped to the page's start. A link to / (it can open in a new tab); a plain click
 * is the machine's `shop.return`, whose redirect replaces this history entry as the timed one does.
 */
function BackToShop({ onFollow }: { onFollow: () => void }) {
  const linkRef = useRef<HTMLAnchorElement>(null);
  const { t } = useTranslation();

  useEffect(() => {
    linkRef.current?.focus();
  }, []);

  return (
    <BackLink
      ref={linkRef}
      to="/"
      replace
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onFollow();
      }}
    >
      {t('checkout.backToShop')}
    </BackLink>
  );
}

const Card = styled.section`
  display: grid;
  justify-items: center;
  gap: ${theme.space.md};
  max-width: 32rem;
  margin: ${theme.space.xxl} auto;
  padding: ${theme.space.xl};
  ${cardSurfaceStyles}
  text-align: center;
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  width: 4.5rem;
  height: 4.5rem;
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.successSoft};
  color: ${theme.colour.success};
`;

const Title = styled.h1`
  font-size: ${theme.font.size.xxl};
  font-weight: ${theme.font.weight.black};

  &:focus {
    outline: none;
  }
`;

const Details = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  color: ${theme.colour.textMuted};
`;

const OrderNumber = styled.p`
  font-weight: ${theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
  color: ${theme.colour.text};
`;

const Redirecting = styled.p`
  font-size: ${theme.font.size.sm};
`;

const BackLink = styled(Link)`
  ${buttonStyles}
`;
