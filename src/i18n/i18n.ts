/**
 * i18next setup (spec §1, §7): English bundled (never fetched), English fallback, no value escaping,
 * language detected from ?lng, cookie, localStorage, sessionStorage, the browser, then <html lang>,
 * and cached in localStorage under 'i18nextLng'. Only supported languages are accepted, so a hostile
 * or unknown ?lng= resolves to English and is never cached. `<html lang>` follows the resolved language.
 */
import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enShop from '@/locales/en-shop';

/** Languages the shop has a resource for; any other detected value falls back to English. */
export const SUPPORTED_LANGUAGES = ['en'] as const;

/**
 * The browser language detector, made safe where the browser denies storage outright: reading
 * `document.cookie` throws a SecurityError in opaque-origin documents (sandboxed frames, some privacy
 * modes), which the detector does not catch. Detection then yields nothing (→ English) and caching is
 * skipped, instead of the app failing to start.
 */
class SafeLanguageDetector extends LanguageDetector {
  override detect(order?: Parameters<LanguageDetector['detect']>[0]) {
    try {
      return super.detect(order);
    } catch {
      return undefined;
    }
  }

  override cacheUserLanguage(language: string, caches?: string[]) {
    try {
      super.cacheUserLanguage(language, caches);
    } catch {
      // Storage is denied: nothing is cached, which is all caching can do here.
    }
  }
}

/**
 * Creates and synchronously initialises an i18next instance for the shop, with the texts every page
 * needs; the checkout page adds its own when it renders (src/i18n/checkout-texts.ts). Never throws:
 * storage or cookies that throw on access (blocked cookies, private mode, sandboxed frames) leave it in
 * English.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') document.documentElement.lang = instance.resolvedLanguage ?? 'en';
  });
  void instance
    .use(SafeLanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: enShop } },
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage'],
        // 'en-US' → 'en': one cached value per language, and only a supported one.
        convertDetectedLanguage: (language: string) => language.split('-')[0]?.toLowerCase() ?? '',
      },
      returnNull: false,
    });
  return instance;
}
