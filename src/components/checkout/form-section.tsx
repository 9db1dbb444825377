import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cardSurfaceStyles } from '@/components/checkout/card-surface';
import { theme } from '@/styles/theme';

/**
 * A section of the checkout form as a card (spec §2 'Checkout page': Contact Information, Shipping
 * Address, Shipping Method, Payment): a `<fieldset>` whose `<legend>` holds an `<h2>`, so the title both
 * names the group of fields and appears in the heading outline.
 */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset>
      <Legend>
        <Title>{title}</Title>
      </Legend>
      {children}
    </Fieldset>
  );
}

/**
 * A row of fields that sit side by side when there is room (first/last name; city/state/ZIP;
 * expiry/CVV) and stack when there is not: intrinsic sizing, so no breakpoint is needed.
 */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
  gap: ${theme.space.md};
`;

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${theme.space.md};
  min-width: 0;
  margin: 0;
  /* Narrower padding on small screens leaves the shipping options room for their names. */
  padding: ${theme.space.md};
  ${cardSurfaceStyles}

  @media (min-width: ${theme.breakpoint.sm}) {
    padding: ${theme.space.lg};
  }
`;

/* Floated, the legend is laid out as ordinary content instead of sitting on the fieldset's border. */
const Legend = styled.legend`
  float: left;
  width: 100%;
  padding: 0;
`;

const Title = styled.h2`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;
