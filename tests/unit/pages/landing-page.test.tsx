/**
 * The landing page as a shopper sees it (spec §2 'Landing page', §4, §9), rendered through the real app
 * with the real storefront machine; the quantity stepper and the cart button are rendered on their own
 * with the product's controls and the storefront actor. Queries go by role and accessible name.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CartButton } from '@/components/cart/cart-button';
import { CartModal } from '@/components/cart/cart-modal';
import { ProductDetails } from '@/components/landing/product-details';
import { renderApp, warmUpApp } from '@support/render-app';
import { renderWithStorefront } from '@support/render-storefront';

const heroImage = () => screen.getByRole('img', { name: /^Pet Ball Pro interactive electric ball in/ });
const quantity = () => screen.getByRole('status', { name: 'Quantity' });
const addToCart = () => screen.getByRole('button', { name: /^Add to Cart/ });
const cartButton = () => screen.getByRole('button', { name: /^Open cart/ });
const toastText = 'Added to cart successfully!';

/** The cart button, the product's colour, quantity, Add to Cart and Buy Now, and the cart modal. */
const renderProduct = () =>
  renderWithStorefront(
    <>
      <CartButton />
      <ProductDetails />
      <CartModal />
    </>,
  );

beforeAll(warmUpApp);

describe('landing page: colour', () => {
  it('starts on Hot Pink @R4.1 @R3.1 @R2.8 @R3.2 @R7.3', () => {
    renderApp('/');
    expect(screen.getByRole('radio', { name: 'Hot Pink' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Colour: Hot Pink' })).toBeInTheDocument();
    expect(heroImage()).toHaveAttribute('src', '/images/pet-ball-hot-pink-480.webp');
  });

  it.each(['Hot Pink', 'Sunset Orange', 'Ocean Blue'])(
    'writes %s visibly in its swatch, the text that names its radio (WCAG 1.4.1)',
    (name) => {
      renderApp('/');
      const radio = screen.getByRole('radio', { name });
      expect(radio).toHaveAccessibleName(name);
      const label = radio.closest('label');
      expect(label).not.toBeNull();
      // The label's whole text is the name, once: one visible text, no hidden copy beside it.
      expect(label!.textContent).toBe(name);
      const text = within(label!).getByText(name);
      expect(text).toBeVisible();
      // Neither the text nor anything between it and the label is clipped away (the sr-only pattern).
      for (
        let element: HTMLElement | null = text;
        element && element !== label;
        element = element.parentElement
      ) {
        const style = getComputedStyle(element);
        expect(style.position, `position of <${element.tagName.toLowerCase()}>`).not.toBe('absolute');
        expect(style.clip).not.toMatch(/rect/);
        expect(style.clipPath).not.toMatch(/inset/);
      }
    },
  );

  it('shows the Ocean Blue ball in the hero after picking its swatch @R1.2 @R2.5 @R2.8', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('radio', { name: 'Ocean Blue' }));
    expect(heroImage()).toHaveAttribute('src', '/images/pet-ball-ocean-blue-480.webp');
    expect(heroImage()).toHaveAccessibleName(/in Ocean Blue/);
    expect(screen.getByRole('group', { name: 'Colour: Ocean Blue' })).toBeInTheDocument();
  });

  it('moves the swatch selection with the arrow keys', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('radio', { name: 'Hot Pink' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Sunset Orange' })).toBeChecked();
    expect(heroImage()).toHaveAttribute('src', '/images/pet-ball-sunset-orange-480.webp');
  });

  it('shows the Sunset Orange ball in the hero after clicking its showcase card @R2.13', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: /Sunset Orange/ }));
    expect(heroImage()).toHaveAttribute('src', '/images/pet-ball-sunset-orange-480.webp');
    expect(screen.getByRole('radio', { name: 'Sunset Orange' })).toBeChecked();
  });

  it("moves the showcase 'Selected' badge to the clicked card @R2.13", async () => {
    const { user } = renderApp('/');
    const pink = screen.getByRole('button', { name: /Hot Pink/ });
    const blue = screen.getByRole('button', { name: /Ocean Blue/ });
    expect(pink).toHaveAttribute('aria-pressed', 'true');
    expect(within(pink).getByText('Selected')).toBeInTheDocument();

    await user.click(blue);

    expect(blue).toHaveAttribute('aria-pressed', 'true');
    expect(within(blue).getByText('Selected')).toBeInTheDocument();
    expect(pink).toHaveAttribute('aria-pressed', 'false');
    expect(within(pink).queryByText('Selected')).not.toBeInTheDocument();
  });
});

describe('landing page: quantity', () => {
  it('keeps the quantity at 1 when decreasing from 1 @R2.9 @R4.1 @R5.3', async () => {
    const { user } = renderProduct();
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    expect(decrease).toHaveAccessibleDescription('Quantity cannot go below 1');

    await user.click(decrease);

    expect(quantity()).toHaveTextContent('1');
    expect(decrease).toHaveFocus();
  });

  it('increases the quantity with the plus button @R2.9', async () => {
    const { user } = renderProduct();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity()).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).not.toHaveAttribute('aria-disabled');
  });

  it("shows 'Add to Cart - $43.96' at quantity 2 @R2.10 @R9.1", async () => {
    const { user } = renderProduct();
    expect(addToCart()).toHaveAccessibleName('Add to Cart - $21.98');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(addToCart()).toHaveAccessibleName('Add to Cart - $43.96');
  });
});

describe('landing page: cart button', () => {
  it('shows no badge while the cart is empty @R2.4', () => {
    renderProduct();
    expect(cartButton()).toHaveAccessibleName('Open cart');
    expect(cartButton().textContent).toBe('');
  });

  it('shows 2 on the badge after adding 2 @R1.2 @R2.4', async () => {
    const { user } = renderProduct();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(addToCart());
    expect(cartButton()).toHaveAccessibleName('Open cart, 2 items');
    expect(within(cartButton()).getByText('2')).toBeInTheDocument();
  });

  it('accumulates to 3 after adding 1 more @R4.3', async () => {
    const { user } = renderProduct();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(addToCart());
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(addToCart());
    expect(cartButton()).toHaveAccessibleName('Open cart, 3 items');
    expect(within(cartButton()).getByText('3')).toBeInTheDocument();
  });

  it('opens the cart dialog @R1.3 @R4.2', async () => {
    const { user } = renderProduct();
    await user.click(cartButton());
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it("opens the cart dialog from 'Buy Now with PayPal' @R2.11 @R7.2", async () => {
    const { user } = renderProduct();
    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Now with PayPal' }));
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeInTheDocument();
  });
});

describe('landing page: added toast', () => {
  it('keeps an empty status region while no toast shows', () => {
    renderApp('/');
    expect(screen.queryByText(toastText)).not.toBeInTheDocument();
    const regions = screen.getAllByRole('status');
    expect(regions.some((region) => region.textContent === '')).toBe(true);
  });

  it('shows the toast for 3 s after adding @R4.3 @R9.9', async () => {
    const { user } = renderApp('/', { fakeTimers: true });
    await user.click(addToCart());
    // The page's unnamed status regions: the toast's, then the new-release prompt's, empty while no
    // release waits.
    expect(screen.getAllByRole('status', { name: '' }).map((region) => region.textContent)).toEqual([
      toastText,
      '',
    ]);

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(toastText)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(toastText)).not.toBeInTheDocument();
  });

  it('restarts the 3 s when adding again @R4.3 @R9.9', async () => {
    const { user } = renderApp('/', { fakeTimers: true });
    await user.click(addToCart());
    act(() => vi.advanceTimersByTime(2000));
    await user.click(addToCart());

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(toastText)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(toastText)).not.toBeInTheDocument();
  });

  it('does not take focus', async () => {
    const { user } = renderApp('/');
    await user.click(addToCart());
    expect(addToCart()).toHaveFocus();
  });
});

describe('landing page: content', () => {
  it('has one h1, the product title, naming the product section @R1.1 @R2.1', () => {
    renderApp('/');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(screen.getByRole('region', { name: headings[0]!.textContent ?? '' })).toHaveAttribute(
      'id',
      'product',
    );
  });

  it.each([
    '4.3cm/1.69in diameter',
    'NEW!',
    '$39.99',
    '45% OFF',
    '(2,847 reviews)',
    'Free shipping over $35',
    '1-year warranty',
    '30-day returns',
  ])('shows %s in the product section @R2.5 @R2.6 @R2.7 @R2.12 @R9.2 @R9.12 @R9.13', (text) => {
    renderApp('/');
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('reads the crossed-out price as the former price @R2.6 @R9.2', () => {
    renderApp('/');
    expect(screen.getByText('Was $39.99')).toBeInTheDocument();
  });

  it('shows five stars as one rating image @R2.7', () => {
    renderApp('/');
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5 stars' }).length).toBeGreaterThanOrEqual(1);
  });

  it.each([/up to 8 hours/i, /IPX7/])('mentions %s in the marketing text @R2.20', (pattern) => {
    renderApp('/');
    expect(screen.getAllByText(pattern).length).toBeGreaterThan(0);
  });

  it('shows four feature cards and three numbered steps @R2.14 @R2.15', () => {
    renderApp('/');
    const features = screen.getByRole('region', { name: 'Why Pets Love It' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    const steps = screen.getByRole('region', { name: 'How It Works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows three testimonials @R2.17', () => {
    renderApp('/');
    const testimonials = screen.getByRole('region', { name: 'Happy Pets, Happy Owners' });
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(3);
  });

  it("links 'Get Yours Today - $21.98' to the product @R2.16 @R2.21", () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: /Get Yours Today - \$21\.98/ })).toHaveAttribute(
      'href',
      '#product',
    );
  });

  it("links 'Order Now - $21.98' to the product and 'Learn More' to the features @R2.18 @R2.21", () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Order Now - $21.98' })).toHaveAttribute('href', '#product');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#features');
    expect(document.getElementById('features')).not.toBeNull();
  });
});

describe('landing page: footer', () => {
  it('opens the website builder in a new tab, safely and announced @R2.19 @R2.21', () => {
    renderApp('/');
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: /opens in a new tab/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('has no other links @R2.19 @R2.21', () => {
    renderApp('/');
    expect(within(screen.getByRole('contentinfo')).getAllByRole('link')).toHaveLength(1);
  });

  it('shows the Product, Support and Company columns and the social icons @R2.19', () => {
    renderApp('/');
    const footer = within(screen.getByRole('contentinfo'));
    for (const name of ['Product', 'Support', 'Company'])
      expect(footer.getByRole('heading', { name })).toBeInTheDocument();
    for (const name of ['Facebook', 'Instagram', 'Twitter', 'YouTube'])
      expect(footer.getByRole('img', { name })).toBeInTheDocument();
  });

  it('shows the 2024 copyright @R2.20', () => {
    renderApp('/');
    expect(screen.getByText('© 2024 Pet Ball Pro. All rights reserved.')).toBeInTheDocument();
  });
});
