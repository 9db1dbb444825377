import type { TrustedScriptURL, TrustedTypePolicyFactory } from 'trusted-types/lib';
import { SERVICE_WORKER_FILE, SERVICE_WORKER_POLICY } from '@/lib/shared-names';

/**
 * The service worker's URL through the one Trusted Types policy that lets it reach
 * `navigator.serviceWorker.register`, in a module of its own so that the tests reading it never load
 * workbox-window.
 */

/** Site-root URL of the service worker (./service-worker.build.ts writes it), scope `/`. */
export const SERVICE_WORKER_URL = `/${SERVICE_WORKER_FILE}`;

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
