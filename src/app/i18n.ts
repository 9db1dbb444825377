/**
 * i18next setup (spec §1, §7): English bundled (never fetched), English fallback, no value escaping,
 * language detected from ?lng, cookie, localStorage, sessionStorage, the browser, then <html lang>,
 * and cached in localStorage under 'i18nextLng'. Only supported languages are accepted, so a hostile
 * or unknown ?lng= resolves to English and is never cached. `<html lang>` follows the resolved language.
 */
import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en';

/** Languages the shop has a resource for; any other detected value falls back to English. */
export const SUPPORTED_LANGUAGES = ['en'] as const;

/**
 * Creates and synchronously initialises an i18next instance for the shop. Never throws: storage that
 * throws on access (blocked cookies, private mode) is tolerated by the detector.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') document.documentElement.lang = instance.resolvedLanguage ?? 'en';
  });
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
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
