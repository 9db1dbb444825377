import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectCanDecrement, selectQuantity } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { theme } from '@/styles/theme';

/**
 * The quantity stepper (spec §2 'Landing page'; §4, §5: starts at 1, never below 1, no maximum):
 * 'Decrease quantity' and 'Increase quantity' buttons around an `<output>` labelled 'Quantity', whose
 * new value is announced politely. At 1 the decrease button is `aria-disabled` (it stays focusable, so
 * focus is not lost) and described by the hint 'Quantity cannot go below 1'; it still sends
 * `quantity.decrement`, which the machine's guard ignores. Sends `quantity.increment` / `quantity.decrement`.
 */
export function QuantityStepper() {
  const { t } = useTranslation();
  const canDecrement = StorefrontActorContext.useSelector(selectCanDecrement);
  const { send } = StorefrontActorContext.useActorRef();
  const labelId = useId();
  const outputId = useId();
  const hintId = useId();

  return (
    <div>
      <Label id={labelId} htmlFor={outputId}>
        {t('product.quantityLabel')}
      </Label>
      <Group role="group" aria-labelledby={labelId}>
        <StepButton
          type="button"
          aria-label={t('product.decreaseQuantity')}
          aria-disabled={canDecrement ? undefined : true}
          aria-describedby={canDecrement ? undefined : hintId}
          onClick={() => send({ type: 'quantity.decrement' })}
        >
          <Minus size={20} strokeWidth={2.5} />
        </StepButton>
        <QuantityValue id={outputId} />
        <StepButton
          type="button"
          aria-label={t('product.increaseQuantity')}
          onClick={() => send({ type: 'quantity.increment' })}
        >
          <Plus size={20} strokeWidth={2.5} />
        </StepButton>
      </Group>
      <VisuallyHidden id={hintId}>{t('product.quantityMinimum')}</VisuallyHidden>
    </div>
  );
}

/**
 * The announced quantity (`<output aria-live="polite">`): the one part a tap on '+' re-renders (the
 * stepper itself re-renders only when '−' becomes enabled or disabled).
 */
function QuantityValue({ id }: { id: string }) {
  const quantity = StorefrontActorContext.useSelector(selectQuantity);
  return (
    <Value id={id} aria-live="polite">
      {quantity}
    </Value>
  );
}

const Label = styled.label`
  display: block;
  margin-bottom: ${theme.space.sm};
  font-weight: ${theme.font.weight.bold};
`;

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.surface};
`;

const StepButton = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.surfaceMuted};
  color: ${theme.colour.text};
  transition: background-color ${theme.motion.fast};

  @media ${theme.media.hover} {
    &:hover:not([aria-disabled='true']) {
      background: ${theme.colour.brandSoft};
      color: ${theme.colour.brand};
    }
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    color: ${theme.colour.textMuted};
  }
`;

const Value = styled.output`
  min-width: 3ch;
  padding-inline: ${theme.space.sm};
  text-align: center;
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;
