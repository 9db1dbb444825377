import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCheckoutTexts } from '@/i18n/checkout-texts';
import { createI18n } from '@/i18n/i18n';

/** A fresh i18next instance initialised the way the app does it. */
function freshI18n() {
  return createI18n();
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.cookie = 'i18next=; max-age=0';
});

describe('i18n (spec §1, §7)', () => {
  it('speaks English from the bundled resource, with no network load @R1.6 @R1.7', () => {
    const i18n = freshI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('toast.added')).toBe('Added to cart successfully!');
    expect(i18n.t('notFound.title')).toBe('This page has not been generated');
  });

  it("has the checkout's texts only once the checkout page adds them, and adding twice changes nothing", () => {
    const i18n = freshI18n();
    expect(i18n.exists('checkout.confirmed.title')).toBe(false);
    addCheckoutTexts(i18n);
    expect(i18n.t('checkout.confirmed.title')).toBe('Order Confirmed!');
    expect(i18n.t('checkout.submit', { price: '$23.74' })).toBe('Complete Order - $23.74');
    i18n.addResourceBundle('en', 'translation', { checkout: { title: 'Checkout (kept)' } }, true, true);
    addCheckoutTexts(i18n);
    expect(i18n.t('checkout.title')).toBe('Checkout (kept)');
    expect(i18n.t('toast.added')).toBe('Added to cart successfully!');
  });

  it('sets <html lang> to the resolved language', () => {
    document.documentElement.lang = '';
    freshI18n();
    expect(document.documentElement.lang).toBe('en');
  });

  it('caches the chosen language in localStorage under i18nextLng @R7.5', () => {
    freshI18n();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('reads a language cached in localStorage @R7.5', () => {
    localStorage.setItem('i18nextLng', 'en');
    expect(freshI18n().language).toBe('en');
  });

  it('reads ?lng= first and falls back to English for a language it has no resource for @R1.6 @R7.5', () => {
    window.history.replaceState(null, '', '/?lng=fr');
    const i18n = freshI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('cart.empty')).toBe('Your cart is empty');
  });

  it.each([
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a 10 KB value', 'x'.repeat(10_000)],
    ['__proto__', '__proto__'],
    ['a path', '../../etc/passwd'],
  ])('shows English for a hostile ?lng= (%s)', async (_name, value) => {
    window.history.replaceState(null, '', `/?lng=${encodeURIComponent(value)}`);
    const i18n = freshI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(i18n.t('product.buyNowPayPal')).toBe('Buy Now with PayPal');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not escape interpolated values (escapeValue: false), React escapes at render @R1.6', () => {
    const i18n = freshI18n();
    expect(i18n.t('product.addToCart', { price: '<b>$1.00</b>' })).toBe('Add to Cart - <b>$1.00</b>');
  });

  it('starts in English when reading cookies throws (opaque-origin documents)', () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const i18n = freshI18n();
    cookie.mockRestore();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('cart.empty')).toBe('Your cart is empty');
  });

  it('still works when storage throws on access (blocked cookies, private mode)', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.resetModules();
    const { createI18n: createWithFreshDetector } = await import('@/i18n/i18n');
    const i18n = createWithFreshDetector();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('toast.added')).toBe('Added to cart successfully!');
  });
});
