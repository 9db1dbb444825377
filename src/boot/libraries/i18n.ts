/**
 * Library stage 3 of src/boot/library-stages.ts: i18next, its language detector and react-i18next
 * (the `i18n` chunk).
 */
export { default as i18next } from 'i18next';
export { default as LanguageDetector } from 'i18next-browser-languagedetector';
export { initReactI18next } from 'react-i18next';
