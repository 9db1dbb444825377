/**
 * i18next setup (spec §1, §7): English bundled (never fetched), English fallback, no value escaping,
 * language detected from ?lng, cookie, localStorage, sessionStorage, the browser, then <html lang>,
 * and cached in localStorage under 'i18nextLng'. `<html lang>` follows the resolved language.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en';

/** Languages the shop has a resource for; any other detected value falls back to English. */
export const SUPPORTED_LANGUAGES = ['en'] as const;

/**
 * Initialises the shared i18next instance once and returns it. Safe to call again (returns the same
 * instance). Storage that throws (blocked cookies, private mode) is tolerated by the detector.
 */
export function initI18n(): typeof i18next {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = i18next.resolvedLanguage ?? language;
  });
  void i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage'],
      },
      returnNull: false,
    });
  return i18next;
}
