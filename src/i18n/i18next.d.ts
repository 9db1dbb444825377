/** Typed translation keys: `t()` only accepts keys of the English resource. */
import 'i18next';
import type en from '@/locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
