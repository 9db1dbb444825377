/**
 * The signals between the app and the early-tap script (./early-taps.ts): once the app has hydrated (or
 * rendered) and its handlers are attached, it marks `<html>` with {@link APP_READY_ATTRIBUTE} and
 * dispatches {@link APP_READY_EVENT} on `document`. Before that, as soon as React listens on `#root`, it
 * dispatches {@link APP_LISTENING_EVENT}. No globals, nothing inline (CSP).
 */
import { APP_LISTENING_EVENT, APP_READY_ATTRIBUTE, APP_READY_EVENT } from '@/lib/shared-names';

/**
 * Tells the early-tap script that React now listens on `#root` and takes new taps itself: a tap on
 * markup not hydrated yet makes React hydrate it at once and then handle the tap. Call it right after
 * `hydrateRoot` or `createRoot`, which attach React's listeners synchronously.
 */
export function announceAppListening(): void {
  document.dispatchEvent(new Event(APP_LISTENING_EVENT));
}

/** Marks the document interactive and tells the early-tap script to replay what it kept. Idempotent. */
export function announceAppReady(): void {
  const root = document.documentElement;
  if (root.hasAttribute(APP_READY_ATTRIBUTE)) return;
  root.setAttribute(APP_READY_ATTRIBUTE, '');
  document.dispatchEvent(new Event(APP_READY_EVENT));
}
