import { memo, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import type { ColourId } from '@machines/catalog';
import { selectColourId } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { productImageSources } from '@/components/ui/product-image-sources';
import { theme } from '@/styles/theme';

/** Intrinsic size of the hero image in CSS px (the images are square); reserves space, no layout shift. */
const IMAGE_SIZE = 480;

/** The image's CSS width: at most 420 px, else the screen less the section's and the stage's padding. */
const IMAGE_SIZES = `(min-width: ${theme.breakpoint.md}) 420px, calc(100vw - 5rem)`;

/**
 * The hero of the landing page (spec §2 'Landing page'): the product image for the selected colour on a
 * soft brand-tinted background, the 'NEW!' badge and the size note '4.3cm/1.69in diameter'.
 * The image is above the fold, so it loads eagerly with high fetch priority (and the prerendered page
 * carries it inline). Only {@link HeroImage} reads the colour, so a colour tap re-renders the image alone.
 */
export function Hero() {
  const { t } = useTranslation();
  return (
    <Figure>
      <Stage>
        <NewBadge>{t('hero.newBadge')}</NewBadge>
        <HeroImage />
      </Stage>
      <SizeNote>{t('hero.sizeNote')}</SizeNote>
    </Figure>
  );
}

/** The hero's product image in the selected colour (spec §2, §3 'Colour option' image), 480×480 px. */
function HeroImage() {
  // Deferred: a colour tap's own frame shows the swatch it checked; the new image follows in a render
  // of its own, after that frame, instead of inside the tap. The tap's render still calls this
  // component with the previous colour; the memoised image then skips its texts and markup.
  const colourId = useDeferredValue(StorefrontActorContext.useSelector(selectColourId));
  return <ColourImage colourId={colourId} />;
}

/** {@link HeroImage}'s image for `colourId`, rendered again only when the colour (or language) changes. */
const ColourImage = memo(function ColourImage({ colourId }: { colourId: ColourId }) {
  const { t } = useTranslation();
  // The image the page opens with is its largest paint (LCP): fading it in from transparent would
  // postpone that paint, so only the images of later colour choices fade in.
  const [openingColourId] = useState(colourId);
  const [hasChangedColour, setHasChangedColour] = useState(false);
  if (!hasChangedColour && colourId !== openingColourId) setHasChangedColour(true);

  return (
    // Keyed by colour so the new image fades in when the shopper picks another colour.
    <Image
      key={colourId}
      {...productImageSources(colourId, IMAGE_SIZES)}
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      alt={t('hero.imageAlt', { colour: t(`colour.${colourId}`) })}
      fetchPriority="high"
      decoding="async"
      data-fade-in={hasChangedColour || undefined}
      // The prerendered page carries the opening image inline (build/inline-hero-image.ts), so its
      // src and srcSet differ from these on purpose; the next colour's image has these.
      suppressHydrationWarning
    />
  );
});

const fadeIn = keyframes`
  from { opacity: 0; transform: scale(0.97); }
  to { opacity: 1; transform: scale(1); }
`;

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: ${theme.space.md};
  justify-items: center;

  @media (min-width: ${theme.breakpoint.md}) {
    position: sticky;
    top: ${theme.space.xl};
  }
`;

const Stage = styled.div`
  position: relative;
  width: 100%;
  display: grid;
  place-items: center;
  padding: clamp(1.5rem, 6vw, 3.5rem);
  border-radius: ${theme.radius.xl};
  background:
    radial-gradient(circle at 30% 25%, ${theme.colour.surface} 0%, transparent 55%),
    linear-gradient(160deg, ${theme.colour.brandSoft} 0%, ${theme.colour.surfaceMuted} 100%);
  border: 1px solid ${theme.colour.border};
  box-shadow: ${theme.shadow.card};
  overflow: hidden;
`;

/**
 * The fade-in is a static rule keyed on `data-fade-in`, not a props-driven variant: a variant's class
 * and keyframes would be generated and inserted on the shopper's first colour tap, and inserting rules
 * restyles the whole page inside that tap's frame.
 */
const Image = styled.img`
  width: min(100%, 420px);
  height: auto;
  aspect-ratio: 1;
  object-fit: contain;

  &[data-fade-in] {
    animation: ${fadeIn} ${theme.motion.normal} ease-out;
  }
`;

const NewBadge = styled.span`
  position: absolute;
  top: ${theme.space.md};
  left: ${theme.space.md};
  padding: ${theme.space.xs} ${theme.space.md};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.accent};
  color: ${theme.colour.textInverse};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.black};
  letter-spacing: 0.04em;
  box-shadow: ${theme.shadow.card};
`;

const SizeNote = styled.figcaption`
  padding: ${theme.space.xs} ${theme.space.md};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.surfaceMuted};
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;
