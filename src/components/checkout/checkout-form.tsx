import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CheckoutSnapshot } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { FieldRow, FormSection } from './form-section';
import { FormField } from './form-field';
import { ShippingMethodOptions } from './shipping-method-options';
import { SubmitButton } from './submit-button';
import { theme } from '@/styles/theme';

const selectCountry = (snapshot: CheckoutSnapshot) => snapshot.context.form.country;

/**
 * The checkout form (spec §2 'Checkout page', §3, §5): Contact Information, Shipping Address, Shipping
 * Method and Payment sections, then the submit button. Submitting runs only the browser's native
 * `required` checks (no `noValidate`, no format, length or card checks); once they pass, `onSubmit`
 * prevents the page load and sends `order.submit`. Country ('United States') and payment method
 * (card) are fixed and shown without an input. Card fields carry their `cc-*` autocomplete tokens so
 * browsers and password managers can fill them; their values live only in the checkout machine.
 */
export function CheckoutForm() {
  const country = CheckoutActorContext.useSelector(selectCountry);
  const { send } = CheckoutActorContext.useActorRef();
  const { t } = useTranslation();

  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'order.submit' });
      }}
    >
      <FormSection title={t('checkout.contact.title')}>
        <FormField
          name="email"
          label={t('checkout.contact.email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormField name="phone" label={t('checkout.contact.phone')} type="tel" autoComplete="tel" />
      </FormSection>

      <FormSection title={t('checkout.shippingAddress.title')}>
        <FieldRow>
          <FormField
            name="firstName"
            label={t('checkout.shippingAddress.firstName')}
            autoComplete="given-name"
            required
          />
          <FormField
            name="lastName"
            label={t('checkout.shippingAddress.lastName')}
            autoComplete="family-name"
            required
          />
        </FieldRow>
        <FormField
          name="address"
          label={t('checkout.shippingAddress.address')}
          autoComplete="address-line1"
          required
        />
        <FormField
          name="apartment"
          label={t('checkout.shippingAddress.apartment')}
          autoComplete="address-line2"
        />
        <FieldRow>
          <FormField
            name="city"
            label={t('checkout.shippingAddress.city')}
            autoComplete="address-level2"
            required
          />
          <FormField
            name="state"
            label={t('checkout.shippingAddress.state')}
            autoComplete="address-level1"
            required
          />
          <FormField
            name="zipCode"
            label={t('checkout.shippingAddress.zipCode')}
            autoComplete="postal-code"
            required
          />
        </FieldRow>
        <Note>{t('checkout.shippingAddress.country', { country })}</Note>
      </FormSection>

      <FormSection title={t('checkout.shippingMethod.title')}>
        <ShippingMethodOptions />
      </FormSection>

      <FormSection title={t('checkout.payment.title')}>
        <Notice>
          <Info aria-hidden size={18} />
          {t('checkout.payment.simulated')}
        </Notice>
        <FormField
          name="cardNumber"
          label={t('checkout.payment.cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          required
        />
        <FieldRow>
          <FormField
            name="expiryDate"
            label={t('checkout.payment.expiryDate')}
            autoComplete="cc-exp"
            placeholder={t('checkout.payment.expiryPlaceholder')}
            required
          />
          <FormField
            name="cvv"
            label={t('checkout.payment.cvv')}
            autoComplete="cc-csc"
            inputMode="numeric"
            required
          />
        </FieldRow>
        <FormField
          name="nameOnCard"
          label={t('checkout.payment.nameOnCard')}
          autoComplete="cc-name"
          required
        />
      </FormSection>

      <SubmitButton />
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

const Note = styled.p`
  font-size: ${theme.font.size.sm};
  color: ${theme.colour.textMuted};
`;

const Notice = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colour.surfaceMuted};
  font-size: ${theme.font.size.sm};
  color: ${theme.colour.textMuted};

  svg {
    flex: none;
    margin-top: 2px;
  }
`;
