import type { TrustedScriptURL, TrustedTypePolicyFactory } from 'trusted-types/lib';

/**
 * The service worker's URL and the one Trusted Types policy that lets it through to
 * `navigator.serviceWorker.register`: names the build, the Content Security Policy
 * (scripts/content-security-policy.mjs) and the tests share, in a module of their own so that reading
 * them never loads workbox-window.
 */

/** Site-root URL of the service worker (scripts/generate-service-worker.mjs writes it), scope `/`. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Name of the one Trusted Types policy the shop creates, which lets exactly {@link SERVICE_WORKER_URL}
 * through to `navigator.serviceWorker.register` (a script URL sink). Where the Content Security Policy
 * enforces Trusted Types (`require-trusted-types-for 'script'`), its `trusted-types` directive must
 * list this name, or the worker is never registered.
 */
export const SERVICE_WORKER_POLICY = 'service-worker';

/** The worker's script URL, through the policy where Trusted Types exist; made once per page. */
let scriptURL: string | TrustedScriptURL | undefined;

/**
 * The worker's URL as `register` accepts it: a TrustedScriptURL from the {@link SERVICE_WORKER_POLICY}
 * policy where the browser has Trusted Types (the policy refuses any other URL), else the string.
 * @throws a TypeError when the page's policy forbids creating the policy (its name is not allowed).
 */
export function serviceWorkerScriptURL(): string | TrustedScriptURL {
  const factory = (window as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  scriptURL ??= factory
    ? factory
        .createPolicy(SERVICE_WORKER_POLICY, {
          createScriptURL: (url: string) => {
            if (url !== SERVICE_WORKER_URL) throw new TypeError(`${url} is not the shop's service worker`);
            return url;
          },
        })
        .createScriptURL(SERVICE_WORKER_URL)
    : SERVICE_WORKER_URL;
  return scriptURL;
}
