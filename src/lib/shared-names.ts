/**
 * The names the build writes and the app reads: files at the site root, `<meta>` names, attributes,
 * an event and the Trusted Types policy. Each is written here only, so the build (build/, the
 * features' `*.build.ts`), the app, the service worker, the inline script and the tests cannot part.
 * Constants only: a bundle that imports one gets the string, nothing else.
 */

/** The service worker's file at the site root, registered with scope `/`. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Name of the one Trusted Types policy the shop creates: it lets only `/` + {@link SERVICE_WORKER_FILE}
 * through to `navigator.serviceWorker.register` (a script URL sink). The Content Security Policy's
 * `trusted-types` directive lists it (build/content-security-policy.ts), or the worker is never
 * registered where Trusted Types are enforced.
 */
export const SERVICE_WORKER_POLICY = 'service-worker';

/**
 * The release file at the site root: `{ "moduleScripts": ["/assets/index-<hash>.js"] }`, the entry
 * module of the deployed landing page ({@link APP_ENTRY_META}). Never precached: an open page asks
 * the network for it to tell a new release from an outage.
 */
export const RELEASE_FILE = 'release.json';

/** The web app manifest's file at the site root (public/), linked by the inline script (src/early/link-manifest.ts). */
export const MANIFEST_FILE = 'manifest.webmanifest';

/** `<meta name>` listing, space-separated, the app's scripts the inline script preloads. */
export const APP_SCRIPTS_META = 'app-scripts';

/**
 * `<meta name>` holding the site-root URL of the app's entry module (`/assets/index-<hash>.js`), which
 * the inline script imports with the preloads: a built page has no `<script type="module">`. Its
 * content names the release the page runs.
 */
export const APP_ENTRY_META = 'app-entry';

/** `<meta name>` holding the site-root URL of the checkout page's chunk, for a retry of its download. */
export const CHECKOUT_MODULE_META = 'checkout-module';

/** Attribute of `#root` naming the route the build prerendered into it (the client hydrates only that). */
export const PRERENDERED_ROUTE_ATTRIBUTE = 'data-prerendered-route';

/** Attribute on `<html>` once the app is interactive; the early-tap script checks it on start. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Event dispatched on `document` when the app becomes interactive. */
export const APP_READY_EVENT = 'petball:app-ready';

/**
 * Event dispatched on `document` once React listens on `#root`: from then on React takes each tap
 * itself (hydrating what it lands on first), so the early-tap script keeps no more.
 */
export const APP_LISTENING_EVENT = 'petball:app-listening';

/**
 * The prerendered pages: the file the build writes each to, and the URL production serves it under
 * (deploy/nginx.conf), which the service worker precaches it as. The not-found page stands for every
 * unknown path; production answers it with status 404.
 */
export const PAGES = {
  landing: { file: 'index.html', url: '/' },
  checkout: { file: 'checkout.html', url: '/checkout' },
  notFound: { file: '404.html', url: '/404.html' },
} as const;
