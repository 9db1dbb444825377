import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { COLOURS, type ColourId, type ColourOption } from '@machines/catalog';
import { selectColourId } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { visuallyHiddenStyles } from '@/components/ui/visually-hidden';
import { theme } from '@/styles/theme';

/**
 * The colour swatches (spec §2 'Landing page', §4: starts on Hot Pink): a `<fieldset>` of native
 * `name="colour"` radios whose `<legend>` names the current colour ('Colour: Hot Pink'). Each radio's
 * `<label>`, the whole touch target, shows a round swatch with the colour's name written under it
 * ('Hot Pink', 'Sunset Orange', 'Ocean Blue'): the swatches do not rely on colour alone to tell them
 * apart (WCAG 1.4.1 Use of Color), so a colour-blind shopper reads which is which, and that visible
 * text is the radio's one accessible name. The selected swatch has a thick dark ring and its name in
 * bold, cues besides its colour; under forced colours each swatch keeps its colour and the selected
 * one a ring in the system's `Highlight` (see `Swatch`). The radios are visually hidden but
 * focusable, so the browser supplies arrow-key wrap-around and Tab-to-checked; the focus ring is drawn
 * on the swatch. Choosing one sends `colour.select`. The legend and each option read only their own
 * slice, so a colour tap re-renders the legend and the two options whose checked state changes.
 */
export function ColourSwatches() {
  return (
    <Fieldset>
      <ColourLegend />
      <Options>
        {COLOURS.map((colour) => (
          <SwatchOption key={colour.id} colour={colour} />
        ))}
      </Options>
    </Fieldset>
  );
}

/** 'Colour: Hot Pink': the group's name, following the selected colour. */
function ColourLegend() {
  // Deferred: the tap's own frame shows the checked swatch; the legend follows in the render after
  // (the tap's render calls this with the previous colour, and the memoised text skips its work).
  const colourId = useDeferredValue(StorefrontActorContext.useSelector(selectColourId));
  return <LegendText colourId={colourId} />;
}

/** {@link ColourLegend}'s `<legend>` for `colourId`, rendered again only when the colour (or language) changes. */
const LegendText = memo(function LegendText({ colourId }: { colourId: ColourId }) {
  const { t } = useTranslation();
  return <Legend>{t('product.colourLegend', { colour: t(`colour.${colourId}`) })}</Legend>;
});

/** One colour's radio, swatch and name; re-renders only when its own checked state changes. */
function SwatchOption({ colour }: { colour: ColourOption }) {
  const { t } = useTranslation();
  const checked = StorefrontActorContext.useSelector((snapshot) => selectColourId(snapshot) === colour.id);
  const { send } = StorefrontActorContext.useActorRef();
  return (
    <Option>
      <Radio
        type="radio"
        name="colour"
        value={colour.id}
        checked={checked}
        onChange={() => send({ type: 'colour.select', colourId: colour.id })}
      />
      <Swatch $colour={colour.swatch} aria-hidden="true" />
      <Name>{t(`colour.${colour.id}`)}</Name>
    </Option>
  );
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${theme.space.sm};
  font-weight: ${theme.font.weight.bold};
`;

/**
 * One row of equal 6rem columns, narrower only if the row does not fit: the columns never depend on
 * their text, so a name turning bold moves nothing sideways.
 */
const Options = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(0, 6rem);
  gap: ${theme.space.sm};
`;

/**
 * The whole label, swatch and name, is the touch target (at least 48 px each way); clicking it checks
 * the radio inside. The swatch sits in a 48 px row, its name centred under it. A control like a
 * button: a press on it starts no selection.
 */
const Option = styled.label`
  position: relative;
  display: grid;
  grid-template-rows: 48px auto;
  justify-items: center;
  min-width: 48px;
  cursor: pointer;
  -webkit-user-select: none;
  user-select: none;
`;

const Radio = styled.input`
  ${visuallyHiddenStyles}
`;

/**
 * The round swatch: a 3 px gap in the page's colour and a thin ring around the colour, which is drawn
 * by its `::before`. Selected, a thick dark ring; focused, the focus ring outside it.
 *
 * Under forced colours (a contrast theme) the system repaints backgrounds with its `Canvas` and drops
 * shadows, which would leave three identical empty circles. So the colour's layer alone keeps its
 * colour (`forced-color-adjust: none`) inside an edge in `CanvasText`, which every theme sets apart
 * from `Canvas`; the selected swatch trades that edge for a gap and a ring in `Highlight`, a border
 * the system keeps; the focus ring is the system's own outline.
 */
const Swatch = styled.span<{ $colour: string }>`
  position: relative;
  align-self: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radius.pill};
  border: 3px solid ${theme.colour.surface};
  box-shadow: 0 0 0 1px ${theme.colour.borderStrong};
  transition:
    box-shadow ${theme.motion.fast},
    transform ${theme.motion.fast};

  &::before {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
    background: ${({ $colour }) => $colour};
    forced-color-adjust: none;
  }

  @media ${theme.media.hover} {
    ${Option}:hover & {
      transform: scale(1.06);
    }
  }
  ${Radio}:checked + & {
    box-shadow: 0 0 0 3px ${theme.colour.text};
  }
  ${Radio}:focus-visible + & {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 3px;
  }

  @media (forced-colors: active) {
    border-color: Canvas;

    &::before {
      border: 2px solid CanvasText;
    }
    ${Radio}:checked + & {
      border-color: Highlight;
    }
    ${Radio}:checked + &::before {
      border-color: Canvas;
    }
  }
`;

/**
 * The colour's name, the label's visible text, centred under the swatch; the selected one in bold.
 * Room for two lines is always kept, so a name that wraps ('Sunset / Orange'), or wraps only once
 * bold, shifts nothing below it.
 */
const Name = styled.span`
  min-height: 2.5em;
  font-size: ${theme.font.size.sm};
  line-height: 1.25;
  text-align: center;
  text-wrap: balance;
  overflow-wrap: break-word;
  color: ${theme.colour.textMuted};

  ${Radio}:checked ~ & {
    color: ${theme.colour.text};
    font-weight: ${theme.font.weight.bold};
  }
`;
