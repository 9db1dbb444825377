/**
 * The signal between the app and the early-tap script (./early-taps.ts): once the app has hydrated (or
 * rendered) and its handlers are attached, it marks `<html>` with {@link APP_READY_ATTRIBUTE} and
 * dispatches {@link APP_READY_EVENT} on `document`. No globals, nothing inline (CSP).
 */
import { APP_READY_ATTRIBUTE, APP_READY_EVENT } from '@/lib/shared-names';

/** Marks the document interactive and tells the early-tap script to replay what it kept. Idempotent. */
export function announceAppReady(): void {
  const root = document.documentElement;
  if (root.hasAttribute(APP_READY_ATTRIBUTE)) return;
  root.setAttribute(APP_READY_ATTRIBUTE, '');
  document.dispatchEvent(new Event(APP_READY_EVENT));
}
