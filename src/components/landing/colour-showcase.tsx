import { Check } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { COLOURS, type ColourOption } from '@machines/catalog';
import { selectColourId } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { productImageSources } from '@/components/ui/product-image-sources';
import {
  CardList,
  MutedSectionBand,
  SectionInner,
  SectionLead,
  SectionTitle,
} from '@/components/landing/section-layout';
import { theme } from '@/styles/theme';

/** Intrinsic size of a showcase image in CSS px. */
const CARD_IMAGE_SIZE = 240;

/**
 * The colour showcase (spec §2 'Landing page'): three cards, one per colour. Each card is a toggle
 * button (`aria-pressed`) named by its colour; clicking one sends `colour.select`, and the selected
 * card carries the 'Selected' badge. Images are below the fold, so they load lazily. Each card reads
 * only whether it is selected, so a colour tap re-renders the two cards that change, not the section.
 */
export function ColourShowcase() {
  const { t } = useTranslation();
  return (
    <MutedSectionBand id="colours" aria-labelledby="showcase-title">
      <SectionInner>
        <SectionTitle id="showcase-title">{t('showcase.title')}</SectionTitle>
        <SectionLead>{t('showcase.subtitle')}</SectionLead>
        <CardList>
          {COLOURS.map((colour) => (
            <li key={colour.id}>
              <ShowcaseCard colour={colour} />
            </li>
          ))}
        </CardList>
      </SectionInner>
    </MutedSectionBand>
  );
}

/** One colour's card: a toggle button that selects `colour` (spec §2 'Colour showcase'). */
function ShowcaseCard({ colour }: { colour: ColourOption }) {
  // Deferred: the tap's own frame shows the card pressed; the 'Selected' badge moves in the render after.
  // The tap's render calls this with the previous state, and the memoised card then skips its markup.
  const selected = useDeferredValue(
    StorefrontActorContext.useSelector((snapshot) => selectColourId(snapshot) === colour.id),
  );
  return <CardButton colour={colour} selected={selected} />;
}

/** {@link ShowcaseCard}'s button, rendered again only when `selected` (or the language) changes. */
const CardButton = memo(function CardButton({
  colour,
  selected,
}: {
  colour: ColourOption;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const { send } = StorefrontActorContext.useActorRef();
  return (
    <Card
      type="button"
      aria-pressed={selected}
      onClick={() => send({ type: 'colour.select', colourId: colour.id })}
    >
      <ImageWell $colour={colour.swatch}>
        {/* Decorative: the card's name is its visible colour name. */}
        <img
          {...productImageSources(colour.id, '200px')}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading="lazy"
          decoding="async"
        />
      </ImageWell>
      <CardFooter>
        <Dot $colour={colour.swatch} aria-hidden="true" />
        <Name>{t(`colour.${colour.id}`)}</Name>
        {selected && (
          <SelectedBadge>
            <Check size={14} strokeWidth={3} />
            {t('showcase.selected')}
          </SelectedBadge>
        )}
      </CardFooter>
    </Card>
  );
});

/**
 * The selected look keys on `aria-pressed`: one static rule, no class generated or swapped on a tap.
 * Under forced colours the brand border turns the system's button colour like the others', so the
 * selected card's border is the system's `Highlight`.
 */
const Card = styled.button`
  display: grid;
  grid-template-columns: 112px 1fr;
  align-items: stretch;
  width: 100%;
  padding: 0;
  overflow: hidden;
  text-align: left;
  border: 2px solid ${theme.colour.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.colour.surface};
  box-shadow: ${theme.shadow.card};
  transition:
    transform ${theme.motion.normal},
    box-shadow ${theme.motion.normal},
    border-color ${theme.motion.normal};

  &[aria-pressed='true'] {
    border-color: ${theme.colour.brand};
    box-shadow: ${theme.shadow.raised};
  }

  @media ${theme.media.hover} {
    &:hover {
      transform: translateY(-3px);
      box-shadow: ${theme.shadow.raised};
    }
  }

  @media (min-width: ${theme.breakpoint.md}) {
    grid-template-columns: 1fr;
  }

  @media (forced-colors: active) {
    &[aria-pressed='true'] {
      border-color: Highlight;
    }
  }
`;

/** A faint wash of the colour itself behind the image: colour-mix keeps it a tint of the catalog swatch. */
const ImageWell = styled.span<{ $colour: string }>`
  display: grid;
  place-items: center;
  padding: ${theme.space.md};
  background: color-mix(in srgb, ${({ $colour }) => $colour} 12%, ${theme.colour.surface});

  img {
    width: min(100%, 200px);
    height: auto;
    aspect-ratio: 1;
  }

  @media (min-width: ${theme.breakpoint.md}) {
    padding: ${theme.space.lg};
  }
`;

const CardFooter = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  /* When the badge wraps under the name (narrow cards), centre both lines in the card. */
  align-content: center;
  gap: ${theme.space.sm};
  min-height: 56px;
  padding: ${theme.space.sm} ${theme.space.md};
`;

/**
 * The colour's dot. Under forced colours it keeps its colour (`forced-color-adjust: none`: the system
 * would repaint it with its `Canvas`) inside an edge in `CanvasText`, which every theme sets apart from
 * `Canvas`.
 */
const Dot = styled.span<{ $colour: string }>`
  width: 16px;
  height: 16px;
  border-radius: ${theme.radius.pill};
  background: ${({ $colour }) => $colour};
  flex-shrink: 0;
  forced-color-adjust: none;

  @media (forced-colors: active) {
    border: 1px solid CanvasText;
  }
`;

const Name = styled.span`
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.lg};
`;

const SelectedBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  margin-left: auto;
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.success};
  color: ${theme.colour.textInverse};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
`;
