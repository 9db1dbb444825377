import { screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';

/**
 * Clicks 'Proceed to Checkout' in the open cart and waits until /checkout shows its Order Summary:
 * the storefront first loads the checkout's code, so the navigation is asynchronous.
 * Works with real and fake clocks (Testing Library advances a fake clock while it waits).
 * @returns the Order Summary region.
 */
export async function proceedToCheckout(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const cart = screen.getByRole('dialog', { name: 'Your Cart' });
  await user.click(within(cart).getByRole('button', { name: 'Proceed to Checkout' }));
  return screen.findByRole('complementary', { name: 'Order Summary' });
}
