import { CHECKOUT_MODULE_META } from '@/lib/shared-names';

/**
 * The loader of the code-split checkout page: `importBundled` is the bundler's `import()` of the page
 * (the app passes `() => import('@/pages/checkout-page')`, so this feature never imports a page).
 * The loader downloads and evaluates the chunk once: every caller (the cart's prefetch, the route,
 * 'Proceed to Checkout' and its retries) shares the attempt in flight and the module it loads. After
 * a failure the next call asks the network again under a URL of its own (the chunk the build names
 * in `<meta name="checkout-module">`, as `/assets/checkout-page-<hash>.js?attempt=N`): an engine may
 * keep a failed `import()` of a URL failed for the life of the page (Firefox ESR does), so
 * re-importing the same URL would never retry, and a failed prefetch would doom every later attempt.
 * Without the meta tag (the dev server) it calls `importBundled` again.
 *
 * A module that `isComplete` rejects failed too: Firefox ESR runs a module whose download broke off
 * (its Content-Length unmet) when what arrived happens to parse, and the minified chunk cut short can
 * (`…,Ie=o.label` ends a `var` statement), so the module evaluates without the exports that come last.
 * @throws as the browser's `import()` does, or {@link IncompleteModuleError} for such a module.
 */
export function checkoutModuleLoader<M>(
  importBundled: () => Promise<M>,
  isComplete: (module: M) => boolean,
): () => Promise<M> {
  /** The module once an attempt has loaded it, or the attempt in flight; `undefined` after a failure. */
  let loaded: Promise<M> | undefined;
  /** Attempts that failed so far in this page: the next one is numbered after them. */
  let failedAttempts = 0;

  const attempt = (number: number): Promise<M> => {
    const url =
      number > 0
        ? document.querySelector<HTMLMetaElement>(`meta[name="${CHECKOUT_MODULE_META}"]`)?.content
        : undefined;
    const imported = url
      ? (import(/* @vite-ignore */ `${url}?attempt=${number}`) as Promise<M>)
      : importBundled();
    return imported.then((module) => {
      if (!isComplete(module)) throw new IncompleteModuleError();
      return module;
    });
  };

  return () => {
    loaded ??= attempt(failedAttempts).catch((error: unknown) => {
      loaded = undefined;
      failedAttempts += 1;
      throw error;
    });
    return loaded;
  };
}

/** The checkout page's code evaluated without its exports: its download broke off where it still parsed. */
export class IncompleteModuleError extends Error {
  constructor() {
    super("The checkout page's code arrived incomplete: its download broke off");
    this.name = 'IncompleteModuleError';
  }
}
