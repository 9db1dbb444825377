import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectOrderNumber } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { cardSurfaceStyles } from '@/components/checkout/card-surface';
import { theme } from '@/styles/theme';

/**
 * The confirmation screen (spec §2 'Checkout page', §4 'Checkout', §9): 'Order Confirmed!', the order
 * number ('PB-' + six digits), a thank-you and a note that the shopper is taken back to the shop (the
 * machine redirects after 3 s). The heading takes focus on mount (`tabIndex={-1}`) so keyboard and
 * screen-reader users land on it; the details sit in a polite status region.
 */
export function OrderConfirmation() {
  const orderNumber = CheckoutActorContext.useSelector(selectOrderNumber);
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
        <Redirecting>{t('checkout.confirmed.redirecting')}</Redirecting>
      </Details>
    </Card>
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
