/**
 * Library stage 2 of src/boot/library-stages.ts: i18next with its language detector and react-i18next,
 * XState with @xstate/react, and styled-components (the `vendor` chunk).
 */
export { default as i18next } from 'i18next';
export { default as LanguageDetector } from 'i18next-browser-languagedetector';
export { initReactI18next } from 'react-i18next';
export { createActor } from 'xstate';
export { createActorContext } from '@xstate/react';
export { default as styled } from 'styled-components';
