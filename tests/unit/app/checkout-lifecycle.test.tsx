/**
 * Timers and lifecycle of the checkout, through the real app in jsdom with a fake clock:
 * leaving /checkout while the order processes, repeated submits, React StrictMode's double mount, and
 * the browser's Back and Forward during processing and after confirmation (the checkout's history rule,
 * documented on `CheckoutPage`).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutMachine } from '@machines/checkout-machine';
import { storefrontMachine } from '@machines/storefront-machine';
import { App } from '@/app/app';
import { resolveLazyRoutes, routes } from '@/app/router';
import { renderApp, warmUpApp, type RenderedApp } from '@support/render-app';
import { trackActors } from '@support/track-actors';
import { autofillCheckoutForm } from '@support/fill-checkout-form';
import { proceedToCheckout } from '@support/proceed-to-checkout';

const submitButton = () => screen.getByRole('button', { name: /^complete order|^processing/i });
const cartButton = () => screen.getByRole('button', { name: /^open cart/i });
const confirmedHeading = () => screen.queryByRole('heading', { name: 'Order Confirmed!' });

/** From the landing page: adds one ball, opens the cart and proceeds to /checkout. */
async function goToCheckoutWithOneBall({ user }: Pick<RenderedApp, 'user'>) {
  await user.click(screen.getByRole('button', { name: /^add to cart/i }));
  await user.click(screen.getByRole('button', { name: 'Open cart, 1 item' }));
  await proceedToCheckout(user);
  act(() => vi.advanceTimersByTime(3000)); // let the add-to-cart toast go
}

// The checkout route is code-split: load it up front so /checkout renders synchronously.
beforeAll(() => resolveLazyRoutes(routes));
beforeAll(warmUpApp);

/**
 * Timers still pending after running jsdom's own 0 ms housekeeping timers (storage events, focus
 * selection), i.e. the app's timers: toast, processing and redirect delays.
 */
function pendingAppTimers(): number {
  act(() => vi.advanceTimersByTime(0));
  return vi.getTimerCount();
}

/** Events the checkout actors processed since `from`, e.g. the processing or redirect timer firing. */
const processedSince = (events: { type: string }[], from: number) => events.slice(from).map((e) => e.type);

describe('leaving /checkout while the order is processing', () => {
  it('cancels the order: no late confirmation, no redirect, the cart is kept', async () => {
    const checkoutEvents = trackActors(checkoutMachine);
    const app = renderApp('/', { fakeTimers: true });
    await goToCheckoutWithOneBall(app);
    autofillCheckoutForm();
    await app.user.click(submitButton());
    act(() => vi.advanceTimersByTime(1500));
    expect(submitButton()).toHaveAccessibleName('Processing...');

    await app.user.click(screen.getByRole('link', { name: 'Back to Shop' }));
    const left = checkoutEvents.length;
    const entry = app.router.state.location.key;
    expect(pendingAppTimers(), 'the processing timer is cancelled').toBe(0);
    act(() => vi.advanceTimersByTime(10_000));

    expect(processedSince(checkoutEvents, left), 'nothing reaches the stopped actor').toEqual([]);
    expect(app.router.state.location.pathname).toBe('/');
    expect(app.router.state.location.key, 'no redirect replaced the page').toBe(entry);
    expect(cartButton()).toHaveAccessibleName('Open cart, 1 item');
    expect(confirmedHeading()).not.toBeInTheDocument();
  });
});

describe('submitting more than once', () => {
  it('places one order for a double click, Enter and two more form submits', async () => {
    const checkoutEvents = trackActors(checkoutMachine);
    const storefrontEvents = trackActors(storefrontMachine);
    const { user } = renderApp('/checkout', { fakeTimers: true });
    autofillCheckoutForm();

    await user.dblClick(submitButton());
    await user.type(screen.getByLabelText('City'), '{Enter}');
    const form = submitButton().closest('form')!;
    fireEvent.submit(form);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.submit(form);
    act(() => vi.advanceTimersByTime(1000));

    expect(confirmedHeading()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    const confirmations = checkoutEvents.filter((event) => event.value === 'confirmed');
    expect(confirmations, 'one confirmation').toHaveLength(1);
    expect(
      storefrontEvents.filter((event) => event.type === 'order.placed'),
      'one order',
    ).toHaveLength(1);
  });
});

describe('React StrictMode (double mount in development)', () => {
  function renderStrict(path: string) {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    return { router, user };
  }

  it('runs one processing timer and one redirect timer, and places one order', async () => {
    const checkoutEvents = trackActors(checkoutMachine);
    const storefrontEvents = trackActors(storefrontMachine);
    const { router, user } = renderStrict('/checkout');
    expect(pendingAppTimers(), 'no timer before submitting').toBe(0);
    autofillCheckoutForm();

    await user.click(submitButton());
    expect(pendingAppTimers(), 'one processing timer').toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(confirmedHeading()).toBeInTheDocument();
    expect(pendingAppTimers(), 'one redirect timer').toBe(1);
    act(() => vi.advanceTimersByTime(3000));

    expect(router.state.location.pathname).toBe('/');
    expect(new Set(checkoutEvents.map((event) => event.sessionId)).size, 'one live checkout actor').toBe(1);
    expect(checkoutEvents.filter((event) => event.value === 'confirmed')).toHaveLength(1);
    expect(storefrontEvents.filter((event) => event.type === 'order.placed')).toHaveLength(1);
    expect(pendingAppTimers()).toBe(0);
  });

  it('runs one toast timer however often the shopper adds', async () => {
    const { user } = renderStrict('/');
    const addToCart = () => screen.getByRole('button', { name: /^add to cart/i });

    await user.click(addToCart());
    expect(pendingAppTimers()).toBe(1);
    await user.click(addToCart());
    await user.click(addToCart());
    expect(pendingAppTimers(), 'the toast timer restarts, never doubles').toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Added to cart successfully!')).not.toBeInTheDocument();
    expect(pendingAppTimers()).toBe(0);
    expect(cartButton()).toHaveAccessibleName('Open cart, 3 items');
  });
});

describe('Back and Forward (rule: a checkout is never resumed)', () => {
  it('Back while processing cancels the order; Forward opens a fresh checkout with the same cart', async () => {
    const checkoutEvents = trackActors(checkoutMachine);
    const app = renderApp('/', { fakeTimers: true });
    await goToCheckoutWithOneBall(app);
    autofillCheckoutForm();
    await app.user.click(submitButton());
    act(() => vi.advanceTimersByTime(1000));

    await act(() => app.router.navigate(-1));
    const left = checkoutEvents.length;
    act(() => vi.advanceTimersByTime(10_000));
    expect(app.router.state.location.pathname).toBe('/');
    expect(processedSince(checkoutEvents, left)).toEqual([]);
    expect(cartButton()).toHaveAccessibleName('Open cart, 1 item');

    await act(() => app.router.navigate(1));
    expect(app.router.state.location.pathname).toBe('/checkout');
    expect(submitButton()).toHaveAccessibleName('Complete Order - $23.74');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
    act(() => vi.advanceTimersByTime(10_000));
    expect(confirmedHeading(), 'nothing is placed without a new submit').not.toBeInTheDocument();
  });

  it('Back after confirmation leaves for the shop with no redirect later; Forward opens a fresh checkout', async () => {
    const checkoutEvents = trackActors(checkoutMachine);
    const storefrontEvents = trackActors(storefrontMachine);
    const app = renderApp('/', { fakeTimers: true });
    await goToCheckoutWithOneBall(app);
    autofillCheckoutForm();
    await app.user.click(submitButton());
    act(() => vi.advanceTimersByTime(3000));
    expect(confirmedHeading()).toBeInTheDocument();

    await act(() => app.router.navigate(-1));
    const left = checkoutEvents.length;
    const entry = app.router.state.location.key;
    act(() => vi.advanceTimersByTime(10_000));
    expect(processedSince(checkoutEvents, left), 'the redirect timer is gone').toEqual([]);
    expect(app.router.state.location.key).toBe(entry);
    expect(cartButton(), 'the order emptied the cart').toHaveAccessibleName('Open cart');

    await act(() => app.router.navigate(1));
    expect(confirmedHeading()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    act(() => vi.advanceTimersByTime(10_000));
    expect(
      storefrontEvents.filter((event) => event.type === 'order.placed'),
      'still one order',
    ).toHaveLength(1);
  });

  it('after the automatic return to the shop, neither Back nor Forward reaches the finished checkout', async () => {
    const app = renderApp('/', { fakeTimers: true });
    await goToCheckoutWithOneBall(app);
    autofillCheckoutForm();
    await app.user.click(submitButton());
    act(() => vi.advanceTimersByTime(6000));
    expect(app.router.state.location.pathname).toBe('/');

    await act(() => app.router.navigate(-1));
    expect(app.router.state.location.pathname).toBe('/');
    await act(() => app.router.navigate(1));
    expect(app.router.state.location.pathname).toBe('/');
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
