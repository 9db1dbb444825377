import { fireEvent, screen } from '@testing-library/react';
import { SHOPPER_DETAILS } from '@support/shopper-details';

/** Fills every required checkout field (spec §5) at once, as browser autofill does (jsdom). */
export function autofillCheckoutForm(): void {
  for (const [label, value] of SHOPPER_DETAILS)
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
