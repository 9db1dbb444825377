import type { i18n } from 'i18next';
import enCheckout from '@/locales/en-checkout';

/**
 * Adds the checkout page's texts (`checkout.*`, src/locales/en-checkout.ts) to `instance`, once per
 * instance: they are bundled with the checkout page's code, which calls this before its first render,
 * so the landing page's script never carries them. Never overwrites a text already there.
 */
export function addCheckoutTexts(instance: i18n): void {
  if (instance.getResource('en', 'translation', 'checkout') !== undefined) return;
  instance.addResourceBundle('en', 'translation', { checkout: enCheckout }, true, false);
}
