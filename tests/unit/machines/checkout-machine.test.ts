import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { checkoutInputFor } from '@machines/checkout-input';
import { CHECKOUT_FIELD_NAMES, type CheckoutFieldName } from '@machines/checkout-form';
import {
  PROCESSING_DELAY_MS,
  REDIRECT_DELAY_MS,
  checkoutMachine,
  selectFieldValue,
  selectHasStayed,
  selectOrderNumber,
  selectOrderTotals,
} from '@machines/checkout-machine';

const FIXED_NOW = new Date('2026-11-22T10:00:00.000Z').getTime();

function start(checkoutInput: unknown = undefined) {
  const navigateHome = vi.fn();
  const notifyOrderPlaced = vi.fn();
  const actor = createActor(checkoutMachine.provide({ actions: { navigateHome, notifyOrderPlaced } }), {
    input: { checkoutInput },
  }).start();
  return { actor, navigateHome, notifyOrderPlaced };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(FIXED_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('checkout machine: input (spec §3)', () => {
  it('defaults to one Hot Pink ball, total $21.98 + tax, when there is no navigation state @R3.4', () => {
    const { actor } = start();
    const { lineItems } = actor.getSnapshot().context;
    expect(lineItems).toEqual([
      expect.objectContaining({ colourId: 'hot-pink', quantity: 1, unitPriceCents: 2198 }),
    ]);
    expect(selectOrderTotals(actor.getSnapshot())).toEqual({
      subtotalCents: 2198,
      shippingCents: 0,
      taxCents: 176,
      totalCents: 2374,
    });
  });

  it('takes the items carried from the cart', () => {
    const { actor } = start(checkoutInputFor('ocean-blue', 2));
    expect(actor.getSnapshot().context.lineItems).toEqual([
      expect.objectContaining({ colourId: 'ocean-blue', quantity: 2 }),
    ]);
  });

  it('starts idle with an empty form, United States, card payment and standard shipping @R3.5', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.shippingMethodId).toBe('standard');
    expect(snapshot.context.form.country).toBe('United States');
    expect(snapshot.context.form.paymentMethod).toBe('card');
    for (const name of CHECKOUT_FIELD_NAMES) expect(snapshot.context.form[name]).toBe('');
    expect(snapshot.context.orderNumber).toBeNull();
  });
});

describe('form and shipping method', () => {
  it.each(CHECKOUT_FIELD_NAMES)('keeps the value of %s', (name) => {
    const { actor } = start();
    actor.send({ type: 'field.change', name, value: 'typed' });
    expect(actor.getSnapshot().context.form[name]).toBe('typed');
  });

  it("reads back a field's value as typed", () => {
    const { actor } = start();
    actor.send({ type: 'field.change', name: 'email', value: 'sam@example.com' });
    expect(selectFieldValue('email')(actor.getSnapshot())).toBe('sam@example.com');
    expect(selectFieldValue('city')(actor.getSnapshot())).toBe('');
  });

  it('ignores changes to fields the shopper cannot edit or that do not exist', () => {
    const { actor } = start();
    actor.send({ type: 'field.change', name: 'country' as CheckoutFieldName, value: 'Elsewhere' });
    actor.send({ type: 'field.change', name: '__proto__' as CheckoutFieldName, value: 'x' });
    expect(actor.getSnapshot().context.form.country).toBe('United States');
    expect(Object.keys(actor.getSnapshot().context.form)).not.toContain('__proto__');
  });

  it.each([
    ['standard', 0, 2374],
    ['express', 999, 3373],
    ['overnight', 1999, 4373],
  ] as const)('prices %s shipping for one ball: shipping %i, total %i cents', (method, shipping, total) => {
    const { actor } = start();
    actor.send({ type: 'shippingMethod.select', shippingMethodId: method });
    expect(selectOrderTotals(actor.getSnapshot())).toMatchObject({
      shippingCents: shipping,
      totalCents: total,
    });
  });

  it('waives express shipping for two balls (subtotal ≥ $35) @R9.3', () => {
    const { actor } = start(checkoutInputFor('hot-pink', 2));
    actor.send({ type: 'shippingMethod.select', shippingMethodId: 'express' });
    expect(selectOrderTotals(actor.getSnapshot())).toEqual({
      subtotalCents: 4396,
      shippingCents: 0,
      taxCents: 352,
      totalCents: 4748,
    });
  });

  it('ignores an unknown shipping method', () => {
    const { actor } = start();
    actor.send({ type: 'shippingMethod.select', shippingMethodId: 'teleport' as 'express' });
    expect(actor.getSnapshot().context.shippingMethodId).toBe('standard');
  });
});

describe('idle → processing → confirmed → redirect (spec §4, §9: 3 s each)', () => {
  it('processes for 3 s: still processing at 2999 ms, confirmed at 3000 ms @R4.6 @R4.7 @R9.10', () => {
    const { actor } = start();
    actor.send({ type: 'order.submit' });
    expect(actor.getSnapshot().value).toBe('processing');
    vi.advanceTimersByTime(PROCESSING_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('processing');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('confirmed');
  });

  it('numbers the order PB- + the last six digits of the confirmation timestamp @R4.7 @R9.14', () => {
    const { actor } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS);
    const expected = `PB-${String(FIXED_NOW + PROCESSING_DELAY_MS).slice(-6)}`;
    expect(actor.getSnapshot().context.orderNumber).toBe(expected);
    expect(actor.getSnapshot().context.orderNumber).toMatch(/^PB-\d{6}$/);
  });

  it('shows no order number before the confirmation, and the one assigned after it @R4.7', () => {
    const { actor } = start();
    actor.send({ type: 'order.submit' });
    expect(selectOrderNumber(actor.getSnapshot()), "while 'Processing...'").toBeNull();
    vi.advanceTimersByTime(PROCESSING_DELAY_MS);
    expect(selectOrderNumber(actor.getSnapshot())).toBe(
      `PB-${String(FIXED_NOW + PROCESSING_DELAY_MS).slice(-6)}`,
    );
  });

  it('empties the storefront cart once, on confirmation', () => {
    const { actor, notifyOrderPlaced } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS - 1);
    expect(notifyOrderPlaced).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notifyOrderPlaced).toHaveBeenCalledOnce();
  });

  it('redirects home 3 s after confirmation, not before @R4.8 @R9.11', () => {
    const { actor, navigateHome } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS + REDIRECT_DELAY_MS - 1);
    expect(navigateHome).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('confirmed');
    vi.advanceTimersByTime(1);
    expect(navigateHome).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().value).toBe('redirect');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays on the confirmation with no timer once the shopper stops the redirect', () => {
    const { actor, navigateHome, notifyOrderPlaced } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS + REDIRECT_DELAY_MS - 1);
    expect(selectHasStayed(actor.getSnapshot()), 'before the stop').toBe(false);
    actor.send({ type: 'redirect.cancel' });
    expect(selectHasStayed(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(actor.getSnapshot().value).toBe('stayed');
    expect(actor.getSnapshot().hasTag('orderConfirmed')).toBe(true);
    expect(actor.getSnapshot().context.orderNumber).toMatch(/^PB-\d{6}$/);
    expect(navigateHome).not.toHaveBeenCalled();
    expect(notifyOrderPlaced).toHaveBeenCalledOnce();
  });

  it("goes home on 'Back to Shop' after staying", () => {
    const { actor, navigateHome } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS);
    actor.send({ type: 'redirect.cancel' });
    expect(navigateHome).not.toHaveBeenCalled();
    actor.send({ type: 'shop.return' });
    expect(actor.getSnapshot().value).toBe('redirect');
    expect(navigateHome).toHaveBeenCalledOnce();
  });

  it('ignores a stop of the redirect before the order is confirmed', () => {
    const { actor, navigateHome } = start();
    actor.send({ type: 'redirect.cancel' });
    actor.send({ type: 'shop.return' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'redirect.cancel' });
    expect(actor.getSnapshot().value).toBe('processing');
    vi.advanceTimersByTime(PROCESSING_DELAY_MS + REDIRECT_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('redirect');
    expect(navigateHome).toHaveBeenCalledOnce();
  });

  it('clears card data from context once confirmed, keeping the rest of the form', () => {
    const { actor } = start();
    actor.send({ type: 'field.change', name: 'email', value: 'a@b.co' });
    actor.send({ type: 'field.change', name: 'cardNumber', value: '4242424242424242' });
    actor.send({ type: 'field.change', name: 'cvv', value: '123' });
    actor.send({ type: 'field.change', name: 'expiryDate', value: '12/30' });
    actor.send({ type: 'field.change', name: 'nameOnCard', value: 'A B' });
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS);
    const { form } = actor.getSnapshot().context;
    expect(form).toMatchObject({ email: 'a@b.co', cardNumber: '', cvv: '', expiryDate: '', nameOnCard: '' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('4242');
  });

  it('produces one order from a triple submit', () => {
    const { actor, notifyOrderPlaced } = start();
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'order.submit' });
    vi.advanceTimersByTime(PROCESSING_DELAY_MS - 1000);
    expect(actor.getSnapshot().value).toBe('confirmed');
    vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    expect(notifyOrderPlaced).toHaveBeenCalledOnce();
  });

  it('ignores form changes while processing', () => {
    const { actor } = start();
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'field.change', name: 'email', value: 'late@edit.co' });
    actor.send({ type: 'shippingMethod.select', shippingMethodId: 'overnight' });
    expect(actor.getSnapshot().context.form.email).toBe('');
    expect(actor.getSnapshot().context.shippingMethodId).toBe('standard');
  });

  it('never confirms after the actor is stopped (the shopper left /checkout)', () => {
    const { actor, notifyOrderPlaced, navigateHome } = start();
    actor.send({ type: 'order.submit' });
    actor.stop();
    vi.advanceTimersByTime(PROCESSING_DELAY_MS + REDIRECT_DELAY_MS);
    expect(notifyOrderPlaced).not.toHaveBeenCalled();
    expect(navigateHome).not.toHaveBeenCalled();
  });
});
