import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AddToCartButton } from '@/components/landing/add-to-cart-button';
import { BuyNowButton } from '@/components/landing/buy-now-button';
import { ColourSwatches } from '@/components/landing/colour-swatches';
import { Perks } from '@/components/landing/perks';
import { PriceBlock } from '@/components/landing/price-block';
import { QuantityStepper } from '@/components/landing/quantity-stepper';
import { Stars } from '@/components/ui/stars';
import { theme } from '@/styles/theme';

/**
 * The product column of the landing page (spec §2 'Landing page'), in the spec's order: the page's only
 * `<h1 id="product-title">` (which names the product section), tagline, description, price block
 * (cents, formatted at the edge), five stars with '(2,847 reviews)', colour swatches, quantity stepper,
 * 'Add to Cart', 'Buy Now with PayPal' and the perks.
 */
export function ProductDetails() {
  const { t } = useTranslation();
  return (
    <Column>
      <Intro>
        <Title id="product-title">{t('product.title')}</Title>
        <Tagline>{t('product.tagline')}</Tagline>
        <Description>{t('product.description')}</Description>
      </Intro>
      <PriceBlock />
      <Rating>
        <Stars label={t('product.rating')} />
        <span>{t('product.reviews')}</span>
      </Rating>
      <Divider />
      <ColourSwatches />
      <QuantityStepper />
      <Actions>
        <AddToCartButton />
        <BuyNowButton />
      </Actions>
      <Perks />
    </Column>
  );
}

const Column = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

const Intro = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;

const Title = styled.h1`
  font-size: ${theme.font.size.hero};
  font-weight: ${theme.font.weight.black};
  line-height: 1.1;
  letter-spacing: -0.02em;
  text-wrap: balance;
`;

const Tagline = styled.p`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
  color: ${theme.colour.brand};
`;

const Description = styled.p`
  color: ${theme.colour.textMuted};
  text-wrap: pretty;
`;

const Rating = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.sm};
`;

const Divider = styled.hr`
  width: 100%;
  margin: 0;
  border: 0;
  border-top: 1px solid ${theme.colour.border};
`;

const Actions = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;
