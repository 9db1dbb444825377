import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectIsProcessing, selectShippingMethodId } from '@machines/checkout-machine';
import { SHIPPING_METHODS } from '@machines/pricing';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { formatCents } from '@/lib/format-money';

/**
 * The shipping method choices (spec §2 'Checkout page', §3, §9): one native radio
 * (`name="shippingMethod"`) per method with its name, delivery time, description and list price in
 * dollars (from integer cents). 'FREE' shows only for the $0 method (standard); express and overnight
 * show their price even when the order qualifies for free shipping (the summary shows the waiver).
 * Choosing one sends `shippingMethod.select`. Place it inside a fieldset that names the group.
 */
export function ShippingMethodOptions() {
  const selectedId = CheckoutActorContext.useSelector(selectShippingMethodId);
  const isProcessing = CheckoutActorContext.useSelector(selectIsProcessing);
  const { send } = CheckoutActorContext.useActorRef();
  const { t } = useTranslation();

  return (
    <Options>
      {SHIPPING_METHODS.map((method) => {
        const selected = method.id === selectedId;
        return (
          <Option key={method.id} $selected={selected}>
            <Radio
              type="radio"
              name="shippingMethod"
              value={method.id}
              checked={selected}
              disabled={isProcessing}
              onChange={() => send({ type: 'shippingMethod.select', shippingMethodId: method.id })}
            />
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
          </Option>
        );
      })}
    </Options>
  );
}

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Option = styled.label<{ $selected: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 44px;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ $selected }) => ($selected ? 2 : 1)}px solid
    ${({ $selected, theme }) => ($selected ? theme.colour.brand : theme.colour.border)};
  /* Keep the content still when the border thickens. */
  margin: ${({ $selected }) => ($selected ? 0 : '1px')};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $selected, theme }) => ($selected ? theme.colour.brandSoft : theme.colour.surface)};
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    border-color ${({ theme }) => theme.motion.fast};

  &:hover {
    border-color: ${({ $selected, theme }) => ($selected ? theme.colour.brand : theme.colour.borderStrong)};
  }
  &:has(input:disabled) {
    cursor: not-allowed;
  }
`;

const Radio = styled.input`
  width: 1.25rem;
  height: 1.25rem;
  margin: 0;
  accent-color: ${({ theme }) => theme.colour.brand};
`;

const Text = styled.span`
  display: grid;
  gap: 2px;
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Detail = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colour.textMuted};
`;

const Price = styled.span<{ $free: boolean }>`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ $free, theme }) => ($free ? theme.colour.success : theme.colour.text)};
`;
