/**
 * The cart modal (spec §2 'Cart modal', §4 'Landing page'), exercised as a shopper would: open it from
 * the cart button, read the line, close it, proceed to checkout. The modal with the cart button and
 * the product's controls is rendered on its own with the storefront actor (what the page adds is
 * tested in ./landing.test.tsx); proceeding to /checkout goes through the whole app and its router.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CartButton } from '@/components/cart/cart-button';
import { CartModal } from '@/components/cart/cart-modal';
import { ProductDetails } from '@/components/landing/product-details';
import { renderApp, warmUpApp, type RenderedApp } from '@support/render-app';
import { renderWithStorefront } from '@support/render-storefront';
import { proceedToCheckout } from '@support/proceed-to-checkout';

/** The cart button, the product's colour, quantity and Add to Cart, and the cart modal. */
const renderCart = () =>
  renderWithStorefront(
    <>
      <CartButton />
      <ProductDetails />
      <CartModal />
    </>,
    { fakeTimers: true },
  );

async function openCart(user: RenderedApp['user']) {
  await user.click(screen.getByRole('button', { name: /^open cart/i }));
  return screen.getByRole('dialog', { name: 'Your Cart' });
}

async function addToCart(user: RenderedApp['user'], times: number) {
  for (let i = 0; i < times; i += 1) {
    await user.click(screen.getByRole('button', { name: /^add to cart/i }));
  }
}

beforeAll(warmUpApp);

describe('cart modal', () => {
  it('opens from the cart button as a dialog named Your Cart @R4.2', async () => {
    const { user } = renderCart();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await openCart(user);

    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('shows an empty cart whose Start Shopping button closes the modal @R2.22', async () => {
    const { user } = renderCart();
    const dialog = await openCart(user);

    expect(within(dialog).getByText('Your cart is empty')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start Shopping' }));

    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const { user } = renderCart();
    const dialog = await openCart(user);

    await user.click(within(dialog).getByRole('button', { name: 'Close cart' }));

    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();
  });

  it('closes with Escape and can be opened again', async () => {
    const { user } = renderCart();
    const dialog = await openCart(user);

    // jsdom does not map Escape to a dialog's cancel event: fire the event the browser would.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();

    expect(await openCart(user)).toBeVisible();
  });

  it('shows one line with the quantity, line total and colour after adding twice @R2.23 @R4.3', async () => {
    const { user } = renderCart();
    await addToCart(user, 2);

    const dialog = await openCart(user);

    expect(within(dialog).getByText('Pet Ball Pro')).toBeInTheDocument();
    expect(within(dialog).getByText('Colour: Hot Pink')).toBeInTheDocument();
    expect(within(dialog).getByText('Qty: 2')).toBeInTheDocument();
    expect(within(dialog).getAllByText('$43.96')).toHaveLength(2); // line total and cart total
  });

  it('shows the currently selected colour, not the colour at the time of adding @R4.4', async () => {
    const { user } = renderCart();
    await addToCart(user, 1);

    await user.click(screen.getByRole('radio', { name: 'Ocean Blue' }));
    const dialog = await openCart(user);

    expect(within(dialog).getByText('Colour: Ocean Blue')).toBeInTheDocument();
    expect(within(dialog).queryByText('Colour: Hot Pink')).not.toBeInTheDocument();
  });

  it('offers no way to change or remove the line: its only controls close it or proceed @R4.5', async () => {
    const { user } = renderCart();
    await addToCart(user, 2);
    const dialog = await openCart(user);

    const cart = within(dialog);
    expect(new Set(cart.getAllByRole('button'))).toEqual(
      new Set([
        cart.getByRole('button', { name: 'Close cart' }),
        cart.getByRole('button', { name: 'Continue Shopping' }),
        cart.getByRole('button', { name: /^Proceed to Checkout/ }),
      ]),
    );
    for (const role of ['textbox', 'spinbutton', 'combobox', 'checkbox', 'radio', 'link'] as const)
      expect(cart.queryAllByRole(role), role).toHaveLength(0);
  });

  it('closes with Continue Shopping @R2.23', async () => {
    const { user } = renderCart();
    await addToCart(user, 1);
    const dialog = await openCart(user);

    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));

    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();
  });

  it('goes to /checkout with the cart items when proceeding to checkout @R1.3 @R2.2 @R2.23 @R3.4', async () => {
    const { user, router } = renderApp('/', { fakeTimers: true });
    await addToCart(user, 2);
    const dialog = await openCart(user);

    expect(dialog).toBeInTheDocument();
    const summary = await proceedToCheckout(user);

    expect(router.state.location.pathname).toBe('/checkout');
    expect(router.state.historyAction).toBe('PUSH');
    expect(within(summary).getByText('Qty: 2')).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: 'Subtotal $43.96' })).toBeInTheDocument();
  });

  it("shows the busy button in the tap's frame and leaves / only after that frame", async () => {
    const { user, router } = renderApp('/', { fakeTimers: true });
    await addToCart(user, 1);
    const dialog = await openCart(user);

    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Checkout' }));

    // The checkout's code is already loaded (render-app resolves the lazy route): only the frame waits.
    expect(within(dialog).getByRole('button', { busy: true })).toHaveAttribute('aria-disabled', 'true');
    expect(router.state.location.pathname).toBe('/');
    await act(() => vi.advanceTimersToNextFrame());
    await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(router.state.location.pathname).toBe('/checkout');
  });
});
