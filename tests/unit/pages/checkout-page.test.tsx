/**
 * The checkout page (spec §2 'Checkout page', §4 'Checkout', §5, §9), exercised through the whole app
 * with a fake clock: totals and shipping, the form's fields, and the simulated order
 * idle → processing (3 s) → confirmed (3 s) → back to the landing page, or staying on the confirmation.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutInputFor } from '@machines/checkout-input';
import { renderApp, warmUpApp } from '@support/render-app';
import { autofillCheckoutForm } from '@support/fill-checkout-form';
import { proceedToCheckout } from '@support/proceed-to-checkout';

const summary = () => screen.getByRole('complementary', { name: 'Order Summary' });
const totalRow = (name: string) => within(summary()).getByRole('row', { name });
const submitButton = () => screen.getByRole('button', { name: /^complete order|^processing/i });

/**
 * From the landing page: one ball into the cart, to /checkout, the form filled, submitted (at the
 * clock's `submitAt`, ms since the epoch, when given) and confirmed 3 s later.
 */
async function orderOneBallFromTheShop(
  user: ReturnType<typeof renderApp>['user'],
  submitAt?: number,
): Promise<void> {
  await user.click(screen.getByRole('button', { name: /^add to cart/i }));
  await user.click(screen.getByRole('button', { name: 'Open cart, 1 item' }));
  await proceedToCheckout(user);
  autofillCheckoutForm();
  if (submitAt !== undefined) vi.setSystemTime(submitAt);
  await user.click(submitButton());
  act(() => vi.advanceTimersByTime(3000));
}

beforeAll(warmUpApp);

describe('checkout page: order summary', () => {
  it('shows one Hot Pink ball with its totals when opened directly @R2.27 @R3.4 @R9.4 @R9.7 @R9.8', () => {
    renderApp('/checkout', { fakeTimers: true });

    expect(within(summary()).getByText('Colour: Hot Pink')).toBeInTheDocument();
    expect(within(summary()).getByText('Qty: 1')).toBeInTheDocument();
    expect(totalRow('Subtotal $21.98')).toBeInTheDocument();
    expect(totalRow('Shipping FREE')).toBeInTheDocument();
    expect(totalRow('Tax (8%) $1.76')).toBeInTheDocument();
    expect(totalRow('Total $23.74')).toBeInTheDocument();
  });

  it('adds $9.99 shipping for Express @R2.27 @R9.5', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });

    await user.click(screen.getByRole('radio', { name: /express shipping/i }));

    expect(totalRow('Shipping $9.99')).toBeInTheDocument();
    expect(totalRow('Total $33.73')).toBeInTheDocument();
    expect(submitButton()).toHaveAccessibleName('Complete Order - $33.73');
  });

  it('adds $19.99 shipping for Overnight @R9.6', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });

    await user.click(screen.getByRole('radio', { name: /overnight shipping/i }));

    expect(totalRow('Shipping $19.99')).toBeInTheDocument();
    expect(totalRow('Total $43.73')).toBeInTheDocument();
  });

  it('waives Express shipping for two balls (subtotal over $35) @R9.3', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true, state: checkoutInputFor('ocean-blue', 2) });
    expect(within(summary()).getByText('Colour: Ocean Blue')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /express shipping/i }));

    expect(totalRow('Subtotal $43.96')).toBeInTheDocument();
    expect(totalRow('Shipping FREE')).toBeInTheDocument();
    expect(totalRow('Tax (8%) $3.52')).toBeInTheDocument();
    expect(totalRow('Total $47.48')).toBeInTheDocument();
  });
});

describe('checkout page: form', () => {
  it('labels only Standard shipping FREE in the method list @R3.6 @R9.4 @R9.5 @R9.6 @R9.15', () => {
    renderApp('/checkout', { fakeTimers: true });

    expect(screen.getByRole('radio', { name: /standard shipping/i })).toBeChecked();
    expect(screen.getByRole('radio', { name: /standard shipping/i })).toHaveAccessibleName(/FREE/);
    expect(screen.getByRole('radio', { name: /express shipping/i })).toHaveAccessibleName(/\$9\.99/);
    expect(screen.getByRole('radio', { name: /express shipping/i })).not.toHaveAccessibleName(/FREE/);
    expect(screen.getByRole('radio', { name: /overnight shipping/i })).toHaveAccessibleName(/\$19\.99/);
    expect(screen.getByRole('radio', { name: /overnight shipping/i })).not.toHaveAccessibleName(/FREE/);
  });

  it.each([
    ['Email address', 'email', 'email', true],
    ['Phone (optional)', 'phone', 'tel', false],
    ['First name', 'firstName', 'given-name', true],
    ['Last name', 'lastName', 'family-name', true],
    ['Address', 'address', 'address-line1', true],
    ['Apartment, suite, etc. (optional)', 'apartment', 'address-line2', false],
    ['City', 'city', 'address-level2', true],
    ['State', 'state', 'address-level1', true],
    ['ZIP code', 'zipCode', 'postal-code', true],
    ['Card number', 'cardNumber', 'cc-number', true],
    ['Expiry date', 'expiryDate', 'cc-exp', true],
    ['CVV', 'cvv', 'cc-csc', true],
    ['Name on card', 'nameOnCard', 'cc-name', true],
  ])(
    'labels the %s field (name %s, autocomplete %s, required %s) @R2.26 @R3.5 @R5.2',
    (label, name, token, required) => {
      renderApp('/checkout', { fakeTimers: true });

      const field = screen.getByLabelText(label);

      expect(field).toHaveAttribute('name', name);
      expect(field).toHaveAttribute('autocomplete', token);
      if (required) expect(field).toBeRequired();
      else expect(field).not.toBeRequired();
    },
  );

  it('uses an email input, a tel input, numeric card keypads and an MM/YY expiry hint @R3.5', () => {
    renderApp('/checkout', { fakeTimers: true });

    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('placeholder', 'MM/YY');
  });

  it('shows the country as text without an input @R3.5', () => {
    renderApp('/checkout', { fakeTimers: true });

    expect(screen.getByText('Country: United States')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /country/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /country/i })).not.toBeInTheDocument();
  });

  it('goes back to the shop with the Back to Shop link @R2.25', async () => {
    const { user, router } = renderApp('/checkout', { fakeTimers: true });

    await user.click(screen.getByRole('link', { name: 'Back to Shop' }));

    expect(router.state.location.pathname).toBe('/');
  });
});

describe('checkout page: placing the order', () => {
  it('does not start processing when required fields are empty @R5.1', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });

    await user.click(submitButton());
    act(() => vi.advanceTimersByTime(3000));

    expect(submitButton()).toHaveAccessibleName('Complete Order - $23.74');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInvalid();
    expect(screen.queryByRole('heading', { name: 'Order Confirmed!' })).not.toBeInTheDocument();
  });

  it('shows Processing... on a disabled, busy button and locks the form after a filled form is submitted @R1.4 @R4.6', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });
    autofillCheckoutForm();

    await user.click(submitButton());

    expect(submitButton()).toHaveAccessibleName('Processing...');
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: /express shipping/i })).toBeDisabled();
  });

  it('confirms the order 3 s after submitting, with PB- and the last six digits of the clock @R1.5 @R2.28 @R4.7 @R9.10 @R9.14', async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });
    autofillCheckoutForm();
    vi.setSystemTime(1_700_000_120_456);
    await user.click(submitButton());

    act(() => vi.advanceTimersByTime(2999));
    expect(submitButton()).toHaveAccessibleName('Processing...');

    act(() => vi.advanceTimersByTime(1));
    const heading = screen.getByRole('heading', { level: 1, name: 'Order Confirmed!' });
    expect(heading).toHaveFocus();
    // Processing ends at 1_700_000_120_456 + 3000 ms.
    // The other status region, the new-release prompt's, stays empty on the confirmation.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toEqual([
      expect.stringContaining('Order number: PB-123456'),
      '',
    ]);
    expect(screen.getByText('Taking you back to the shop...')).toBeInTheDocument();
  });

  it('returns to the landing page with an empty cart 3 s after confirming @R4.8 @R9.11', async () => {
    const { user, router } = renderApp('/', { fakeTimers: true });
    await orderOneBallFromTheShop(user);
    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/checkout');
    act(() => vi.advanceTimersByTime(1));

    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: /^add to cart/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^open cart/i })).toHaveAccessibleName('Open cart');
  });

  it("offers 'Stay on this page' as the next Tab stop after the focused heading", async () => {
    const { user } = renderApp('/checkout', { fakeTimers: true });
    autofillCheckoutForm();
    await user.click(submitButton());
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toHaveFocus();

    await user.tab();

    expect(screen.getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
  });

  it("keeps the confirmation with no time limit after 'Stay on this page', then 'Back to Shop' goes home", async () => {
    const { user, router } = renderApp('/', { fakeTimers: true });
    await orderOneBallFromTheShop(user, 1_700_000_120_456);

    act(() => vi.advanceTimersByTime(2999));
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    act(() => vi.advanceTimersByTime(10 * 60 * 1000));

    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Order number: PB-123456Thank you for your order. A confirmation email is on its way.You are staying on this page.',
    );
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).not.toBeInTheDocument();
    const backToShop = screen.getByRole('link', { name: 'Back to Shop' });
    expect(backToShop).toHaveFocus();

    await user.click(backToShop);

    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: /^add to cart/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^open cart/i })).toHaveAccessibleName('Open cart');
  });
});
