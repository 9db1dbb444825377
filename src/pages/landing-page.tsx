import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CartModal } from '@/components/cart/cart-modal';
import { AddedToast } from '@/components/landing/added-toast';
import { CartButton } from '@/components/landing/cart-button';
import { ClosingCta } from '@/components/landing/closing-cta';
import { ColourShowcase } from '@/components/landing/colour-showcase';
import { Features } from '@/components/landing/features';
import { Hero } from '@/components/landing/hero';
import { HowItWorks } from '@/components/landing/how-it-works';
import { ProductDetails } from '@/components/landing/product-details';
import { SeeItInAction } from '@/components/landing/see-it-in-action';
import { SiteFooter } from '@/components/landing/site-footer';
import { Testimonials } from '@/components/landing/testimonials';
import { useDocumentTitle } from '@/components/ui/use-document-title';

/**
 * Route `/`: the product landing page, every section of spec §2 'Landing page' in the spec's order,
 * plus the cart modal and the add-to-cart toast. State lives in the storefront actor.
 */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.title'));
  return (
    <>
      <CartButton />
      <main>
        <ProductSection id="product" aria-labelledby="product-title">
          <Hero />
          <ProductDetails />
        </ProductSection>
        <ColourShowcase />
        <Features />
        <HowItWorks />
        <SeeItInAction />
        <Testimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
      <CartModal />
      <AddedToast />
    </>
  );
}

const ProductSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  /* The top padding keeps the hero clear of the fixed cart button on small screens. */
  padding: calc(2 * ${({ theme }) => theme.space.md} + ${({ theme }) => theme.layout.cartButtonSize})
    ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.section};

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: 1fr 1fr;
    align-items: start;
    gap: ${({ theme }) => theme.space.xxl};
    padding-inline: ${({ theme }) => theme.space.xl};
  }
`;
