import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { UNIT_PRICE_CENTS } from '@machines/catalog';
import { selectColourId } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { ButtonLink } from '@/components/ui/button';
import { productImageSources } from '@/components/ui/product-image-sources';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/** Intrinsic size of the block's image in CSS px. */
const IMAGE_SIZE = 320;

/**
 * The 'See It In Action' block (spec §2 'Landing page'): a dark band with title, text, the ball in the
 * selected colour and a 'Get Yours Today - $21.98' link (unit price in cents, formatted here) that
 * scrolls to the product section (`#product`). Only the image reads the colour.
 */
export function SeeItInAction() {
  const { t } = useTranslation();
  return (
    <Band aria-labelledby="action-title">
      <Panel>
        <Copy>
          <Title id="action-title">{t('action.title')}</Title>
          <Text>{t('action.text')}</Text>
          <div>
            <CtaLink href="#product">{t('action.cta', { price: formatCents(UNIT_PRICE_CENTS) })}</CtaLink>
          </div>
        </Copy>
        <Visual>
          <ActionImage />
        </Visual>
      </Panel>
    </Band>
  );
}

/** The ball in the selected colour; the one part of the block a colour tap re-renders. */
function ActionImage() {
  // Deferred, as the hero's image: out of the colour tap's own frame.
  const colourId = useDeferredValue(StorefrontActorContext.useSelector(selectColourId));
  return (
    // Decorative: the same product the hero already describes.
    <img
      {...productImageSources(colourId, '280px')}
      alt=""
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      loading="lazy"
      decoding="async"
    />
  );
}

const Band = styled.section`
  padding: ${theme.space.section} ${theme.space.md};

  @media (min-width: ${theme.breakpoint.md}) {
    padding-inline: ${theme.space.xl};
  }
`;

const Panel = styled.div`
  display: grid;
  gap: ${theme.space.xl};
  align-items: center;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: clamp(1.5rem, 6vw, 4rem);
  border-radius: ${theme.radius.xl};
  background:
    radial-gradient(circle at 85% 30%, ${theme.colour.brand} 0%, transparent 45%),
    radial-gradient(circle at 10% 100%, ${theme.colour.accent} 0%, transparent 40%),
    ${theme.colour.surfaceDark};
  color: ${theme.colour.textInverse};
  box-shadow: ${theme.shadow.raised};
  overflow: hidden;

  @media (min-width: ${theme.breakpoint.md}) {
    grid-template-columns: 3fr 2fr;
  }
`;

const Copy = styled.div`
  display: grid;
  gap: ${theme.space.md};
`;

const Title = styled.h2`
  font-size: clamp(1.625rem, 4vw, 2.25rem);
  font-weight: ${theme.font.weight.black};
  line-height: 1.2;
`;

const Text = styled.p`
  max-width: 36rem;
  font-size: ${theme.font.size.lg};
  text-wrap: pretty;
`;

/** Full width on small screens so the label stays on one line. */
const CtaLink = styled(ButtonLink)`
  width: 100%;
  padding-inline: ${theme.space.md};

  @media (min-width: ${theme.breakpoint.sm}) {
    width: auto;
    padding-inline: ${theme.space.lg};
  }
`;

const Visual = styled.div`
  display: grid;
  place-items: center;

  img {
    width: min(100%, 280px);
    height: auto;
    aspect-ratio: 1;
    filter: drop-shadow(${theme.shadow.raised});
  }
`;
