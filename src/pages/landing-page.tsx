import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AddedToast } from '@/components/cart/added-toast';
import { CartButton } from '@/components/cart/cart-button';
import { CartModal } from '@/components/cart/cart-modal';
import { ClosingCta } from '@/components/landing/closing-cta';
import { ColourShowcase } from '@/components/landing/colour-showcase';
import { Features } from '@/components/landing/features';
import { Hero } from '@/components/landing/hero';
import { HowItWorks } from '@/components/landing/how-it-works';
import { ProductDetails } from '@/components/landing/product-details';
import { ReleasePrompt } from '@/features/releases/release-prompt';
import { SeeItInAction } from '@/components/landing/see-it-in-action';
import { SiteFooter } from '@/components/landing/site-footer';
import { Testimonials } from '@/components/landing/testimonials';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { theme } from '@/styles/theme';

/**
 * Route `/`: the product landing page, every section of spec §2 'Landing page' in the spec's order,
 * plus the cart modal, the add-to-cart toast and the new-release prompt. State lives in the storefront
 * actor. The fixed cart button and the toast's status region sit in the page's `<header>` (a banner
 * landmark), so no content lies outside a landmark (IBM Equal Access, WCAG 1.3.1).
 *
 * Loading and taps: the sections after the product section skip rendering while offscreen
 * (`content-visibility: auto` in `Main`; the footer does the same), so the first paint and every later
 * full-page style recalculation (the cart dialog making the page inert) cover only what is on screen.
 * The sections that read no state (features, how it works, reviews, closing call to action, footer:
 * text, images and in-page links, which work without JavaScript) are each a Suspense boundary: React
 * hydrates the rest of the page first, in one shorter commit, then each of them in a render and commit
 * of its own at idle priority, yielding to the browser in between (or at once, if a shopper interacts
 * with one first). The sections that read the storefront's state stay in the first commit: a boundary
 * hydrated after a tap has changed the colour would hydrate against the new state (@xstate/react's
 * `useSelector` gives React the current snapshot as the server snapshot) and fail with a mismatch.
 */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.title'));
  return (
    <>
      <header>
        <CartButton />
        <AddedToast />
      </header>
      <Main>
        <ProductSection id="product" aria-labelledby="product-title">
          <Hero />
          <ProductDetails />
        </ProductSection>
        <ColourShowcase />
        <Suspense>
          <Features />
        </Suspense>
        <Suspense>
          <HowItWorks />
        </Suspense>
        <SeeItInAction />
        <Suspense>
          <Testimonials />
        </Suspense>
        <Suspense>
          <ClosingCta />
        </Suspense>
      </Main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <CartModal />
      <ReleasePrompt />
    </>
  );
}

/**
 * Sections after the product section skip layout and paint while offscreen; `contain-intrinsic-size`
 * reserves an estimated height until a section has been rendered once, then its real height (`auto`).
 */
const Main = styled.main`
  & > section:not(:first-child) {
    content-visibility: auto;
    contain-intrinsic-size: auto 900px;
  }
`;

const ProductSection = styled.section`
  display: grid;
  gap: ${theme.space.xl};
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  /* The top padding keeps the hero clear of the fixed cart button on small screens. */
  padding: calc(2 * ${theme.space.md} + ${theme.layout.cartButtonSize}) ${theme.space.md}
    ${theme.space.section};

  @media (min-width: ${theme.breakpoint.md}) {
    grid-template-columns: 1fr 1fr;
    align-items: start;
    gap: ${theme.space.xxl};
    padding-inline: ${theme.space.xl};
  }
`;
