import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectIsConfirmed } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { CheckoutForm } from './checkout-form';
import { CheckoutHeader } from './checkout-header';
import { OrderConfirmation } from './order-confirmation';
import { OrderSummary } from './order-summary';
import { theme } from '@/styles/theme';

/**
 * The checkout screen (spec §2 'Checkout page', §4 'Checkout'): the header, then either the
 * confirmation (once the order is confirmed) or a 'Back to Shop' link, the 'Checkout' title and the
 * form beside a sticky Order Summary (two columns from the `lg` breakpoint, 1024px; one column below,
 * with the summary after the form).
 */
export function CheckoutView() {
  const isConfirmed = CheckoutActorContext.useSelector(selectIsConfirmed);
  const { t } = useTranslation();

  return (
    <Page>
      <CheckoutHeader />
      <Main>
        {isConfirmed ? (
          <OrderConfirmation />
        ) : (
          <>
            <BackLink to="/">
              <ArrowLeft aria-hidden size={18} />
              {t('checkout.backToShop')}
            </BackLink>
            <Title>{t('checkout.title')}</Title>
            <Columns>
              <CheckoutForm />
              <OrderSummary />
            </Columns>
          </>
        )}
      </Main>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  background: ${theme.colour.surfaceMuted};
`;

const Main = styled.main`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space.md} ${theme.space.md} ${theme.space.xxl};

  @media (min-width: ${theme.breakpoint.md}) {
    padding-inline: ${theme.space.xl};
  }
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  min-height: 44px;
  font-weight: ${theme.font.weight.medium};
  color: ${theme.colour.brand};
  text-decoration: none;

  @media ${theme.media.hover} {
    &:hover {
      text-decoration: underline;
      text-underline-offset: 3px;
    }
  }
`;

const Title = styled.h1`
  margin-block: ${theme.space.sm} ${theme.space.lg};
  font-size: ${theme.font.size.xxl};
  font-weight: ${theme.font.weight.black};
`;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space.lg};

  @media (min-width: ${theme.breakpoint.lg}) {
    grid-template-columns: minmax(0, 1fr) minmax(20rem, 24rem);
    align-items: start;
    gap: ${theme.space.xl};
  }
`;
