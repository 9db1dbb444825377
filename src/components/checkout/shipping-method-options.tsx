import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectIsProcessing, selectShippingMethodId } from '@machines/checkout-machine';
import { SHIPPING_METHODS, type ShippingMethod } from '@machines/pricing';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * The shipping method choices (spec §2 'Checkout page', §3, §9): one native radio
 * (`name="shippingMethod"`) per method with its name, delivery time, description and list price in
 * dollars (from integer cents). 'FREE' shows only for the $0 method (standard); express and overnight
 * show their price even when the order qualifies for free shipping (the summary shows the waiver).
 * Choosing one sends `shippingMethod.select`. Place it inside a fieldset that names the group. Each
 * option reads only its own checked state, so a choice re-renders the two options that change.
 */
export function ShippingMethodOptions() {
  return (
    <Options>
      {SHIPPING_METHODS.map((method) => (
        <ShippingMethodOption key={method.id} method={method} />
      ))}
    </Options>
  );
}

/** One method's radio and texts; re-renders only when its own checked or disabled state changes. */
function ShippingMethodOption({ method }: { method: ShippingMethod }) {
  const selected = CheckoutActorContext.useSelector(
    (snapshot) => selectShippingMethodId(snapshot) === method.id,
  );
  // Disabled in a deferred render, as the fields are locked (form-field.tsx).
  const isProcessing = useDeferredValue(CheckoutActorContext.useSelector(selectIsProcessing));
  const { send } = CheckoutActorContext.useActorRef();
  return (
    <Option>
      <Radio
        type="radio"
        name="shippingMethod"
        value={method.id}
        checked={selected}
        disabled={isProcessing}
        onChange={() => send({ type: 'shippingMethod.select', shippingMethodId: method.id })}
      />
      <ShippingMethodTexts method={method} />
    </Option>
  );
}

/**
 * A method's name, delivery time, description and list price: they change with the method (or the
 * language) only, so a choice or 'Complete Order' does not rebuild their translated texts inside the
 * tap (docs/performance.md).
 */
const ShippingMethodTexts = memo(function ShippingMethodTexts({ method }: { method: ShippingMethod }) {
  const { t } = useTranslation();
  return (
    <>
      <Text>
        <Name>{t(`checkout.shippingMethod.methods.${method.id}.name`)}</Name>
        <Detail>
          {t(`checkout.shippingMethod.methods.${method.id}.delivery`)} ·{' '}
          {t(`checkout.shippingMethod.methods.${method.id}.description`)}
        </Detail>
      </Text>
      <Price $free={method.priceCents === 0}>
        {method.priceCents === 0 ? t('checkout.shippingMethod.free') : formatCents(method.priceCents)}
      </Price>
    </>
  );
});

const Options = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;

/**
 * The chosen method's look keys on its checked radio (`:has(:checked)`): static rules, so choosing a
 * method swaps no class and inserts no rule (a generated variant restyles the whole page on the tap).
 * The card is a control pressed like a button: a press on it starts no selection.
 */
const Option = styled.label`
  -webkit-user-select: none;
  user-select: none;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${theme.space.md};
  min-height: 44px;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colour.border};
  /* Keep the content still when the border thickens. */
  margin: 1px;
  border-radius: ${theme.radius.md};
  background: ${theme.colour.surface};
  cursor: pointer;
  transition:
    background-color ${theme.motion.fast},
    border-color ${theme.motion.fast};

  @media ${theme.media.hover} {
    &:hover {
      border-color: ${theme.colour.borderStrong};
    }
  }
  &:has(input:checked) {
    border: 2px solid ${theme.colour.brand};
    margin: 0;
    background: ${theme.colour.brandSoft};
  }
  &:has(input:disabled) {
    cursor: not-allowed;
  }
`;

const Radio = styled.input`
  width: 1.25rem;
  height: 1.25rem;
  margin: 0;
  accent-color: ${theme.colour.brand};
`;

const Text = styled.span`
  display: grid;
  gap: 2px;
`;

const Name = styled.span`
  font-weight: ${theme.font.weight.bold};
`;

const Detail = styled.span`
  font-size: ${theme.font.size.sm};
  color: ${theme.colour.textMuted};
`;

const Price = styled.span<{ $free: boolean }>`
  font-weight: ${theme.font.weight.bold};
  color: ${({ $free }) => ($free ? theme.colour.success : theme.colour.text)};
`;
