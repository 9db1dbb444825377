import type { TrustedScriptURL } from 'trusted-types/lib';
import { Workbox } from 'workbox-window';
import { serviceWorkerScriptURL } from './service-worker-policy';
import { SKIP_WAITING } from './skip-waiting';

/**
 * What the storefront machine's `release` region runs: the shop's service worker
 * (./service-worker.ts, built into `/sw.js`), registered with workbox-window, which
 * makes the shop work offline after one visit and installs each new release in the background, and
 * the hand-over to a new release when the shopper asks for it. This module and workbox-window are one
 * chunk, downloaded once the app is interactive (./watch-releases.ts). See docs/offline.md.
 */

/**
 * The page's Workbox and its registration, once {@link watchWaitingWorker} has started them (one per page);
 * the registration is `undefined` when it failed.
 */
let workbox: { page: Workbox; registered: Promise<ServiceWorkerRegistration | undefined> } | undefined;

/**
 * The storefront's `watchReleases` actor (through ./watch-releases.ts): registers the service
 * worker and calls `onWaiting` whenever a new release's worker is installed and waits: one that already
 * waited when the page loaded, or one an update check finds. The browser checks on every page load;
 * this also checks whenever the tab becomes visible again. A worker that cannot be registered (no
 * network, a refused policy) leaves the shop as it is: online only. Returns the cleanup that stops
 * watching.
 */
export function watchWaitingWorker(onWaiting: () => void): () => void {
  let url: string | TrustedScriptURL;
  try {
    url = serviceWorkerScriptURL();
  } catch {
    return () => {};
  }
  workbox ??= register(url);
  const { page, registered } = workbox;
  let registration: ServiceWorkerRegistration | undefined;
  let watching = true;
  // A first worker has no release to replace: it activates at once and never waits.
  const checkWaiting = () => {
    if (watching && registration?.waiting && registration.active) onWaiting();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') page.update().catch(() => undefined);
  };
  page.addEventListener('waiting', onWaiting);
  page.addEventListener('installed', checkWaiting);
  void registered.then((value) => {
    registration = value;
    checkWaiting();
  });
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    watching = false;
    page.removeEventListener('waiting', onWaiting);
    // Stryker disable next-line StringLiteral,CallExpression: checkWaiting does nothing once `watching` is false; this only frees it
    page.removeEventListener('installed', checkWaiting);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Registers the worker at `url` with workbox-window, once per page. */
function register(url: string | TrustedScriptURL) {
  const page = new Workbox(url, { scope: '/' });
  const registered = page.register({ immediate: true }).catch(() => undefined);
  return { page, registered };
}

/**
 * Hands the page over to the release that waits: asks its worker to take over (`SKIP_WAITING`) and
 * resolves once it controls the page, or at once when no worker waits (another tab already took it).
 * The storefront's `reloadIntoRelease` then reloads the page.
 */
export async function activateWaitingWorker(): Promise<void> {
  // The registration this page made (a prompt shows only once it did), whose `waiting` the browser
  // keeps up to date: WebKit, on a loaded machine, answered `getRegistration('/')` with no registration
  // while a worker controlled the page, and the page reloaded into the release it already ran.
  const waiting = (await workbox?.registered)?.waiting;
  if (!waiting) return;
  await new Promise<void>((resolve) => {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a second resolve of a settled promise does nothing
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    // A worker another tab activated first turns redundant here and never takes this page over.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'redundant') resolve();
    });
    waiting.postMessage({ type: SKIP_WAITING });
  });
}
