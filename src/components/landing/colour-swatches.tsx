import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { COLOURS, type ColourOption } from '@machines/catalog';
import { selectColourId } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { VisuallyHidden, visuallyHiddenStyles } from '@/components/ui/visually-hidden';
import { theme } from '@/styles/theme';

/**
 * The colour swatches (spec §2 'Landing page', §4: starts on Hot Pink): a `<fieldset>` of native
 * `name="colour"` radios whose `<legend>` names the current colour ('Colour: Hot Pink'). The radios are
 * visually hidden but focusable, so the browser supplies arrow-key wrap-around and Tab-to-checked;
 * each shows a round swatch with a focus ring. Choosing one sends `colour.select`. The legend and
 * each option read only their own slice, so a colour tap re-renders the legend and the two options
 * whose checked state changes.
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
  const { t } = useTranslation();
  const colourId = StorefrontActorContext.useSelector(selectColourId);
  return <Legend>{t('product.colourLegend', { colour: t(`colour.${colourId}`) })}</Legend>;
}

/** One colour's radio and swatch; re-renders only when its own checked state changes. */
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
      <VisuallyHidden>{t(`colour.${colour.id}`)}</VisuallyHidden>
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

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

/** The whole 48 px label is the touch target; clicking it checks the radio inside. */
const Option = styled.label`
  position: relative;
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  cursor: pointer;
`;

const Radio = styled.input`
  ${visuallyHiddenStyles}
`;

const Swatch = styled.span<{ $colour: string }>`
  width: 40px;
  height: 40px;
  border-radius: ${theme.radius.pill};
  background: ${({ $colour }) => $colour};
  border: 3px solid ${theme.colour.surface};
  box-shadow: 0 0 0 1px ${theme.colour.borderStrong};
  transition:
    box-shadow ${theme.motion.fast},
    transform ${theme.motion.fast};

  ${Option}:hover & {
    transform: scale(1.06);
  }
  ${Radio}:checked + & {
    box-shadow: 0 0 0 3px ${theme.colour.text};
  }
  ${Radio}:focus-visible + & {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 3px;
  }
`;
