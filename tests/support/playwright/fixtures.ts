import { expect, test as base, type Page, type Request } from '@playwright/test';
import { BrowserDriver } from '@support/browsers/driver';
import { playwrightEnginePage } from '@support/browsers/engines/chromium';
import { ShopModel } from '@support/shop-page';

/** Problems a page reported while a test ran. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  offOriginRequests: string[];
  /** `securitypolicyviolation` events: directive, blocked URI and source location of each. */
  cspViolations: string[];
}

/**
 * Failures a test causes on purpose (a deploy that prunes a file the page still asks for): URL
 * patterns whose failed requests, and the browser's 'Failed to load resource' console errors for
 * them, are the test's own doing, not problems of the page. Each pattern must match at least one such
 * failure, so a declared fault that never happened fails the test too. Anything else still fails it.
 */
export type InjectedFailures = RegExp[];

/**
 * Records the problems `page` reports from now on (see {@link PageProblems}) at `origin`, leaving out
 * the failures the test injects; `settle`, called once the test is over, adds the aborted image
 * fetches whose image the page still shows and never loaded.
 */
function watch(
  page: Page,
  origin: string,
  injectedFailures: InjectedFailures,
  seen: Set<RegExp>,
): { problems: PageProblems; settle: () => Promise<void> } {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    offOriginRequests: [],
    cspViolations: [],
  };
  /** True (and noted in `seen`) when `url` is one of the failures the test injects. */
  const isInjected = (url: string) => {
    const pattern = injectedFailures.find((candidate) => candidate.test(url));
    if (pattern) seen.add(pattern);
    return pattern !== undefined;
  };
  // A page the server answers with 404 (the not-found page from a production server) makes Chrome log
  // 'Failed to load resource' for the document itself: that is the intended status, not a problem.
  const notFoundPages = new Set<string>();
  page.on('response', (response) => {
    if (response.status() === 404 && response.request().isNavigationRequest())
      notFoundPages.add(response.url());
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const isFailedResource = message.text().startsWith('Failed to load resource');
    const isNotFoundPage = isFailedResource && notFoundPages.has(message.location().url);
    const isInjectedFailure = isFailedResource && isInjected(message.location().url);
    if (!isNotFoundPage && !isInjectedFailure) problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  // A new page load (goto, reload) cancels the requests the previous one still had in flight, such as
  // the favicon Chromium fetches again after every client-side navigation: net::ERR_ABORTED, which is
  // not a problem of the page. Requests are numbered by the page load they belong to: one the outgoing
  // document makes after the next load has started but before it commits (the favicon after a
  // `pushState` just before `location.reload()`) belongs to the outgoing document.
  let pageLoads = 0;
  let committedLoads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committedLoads = pageLoads;
  });
  const pageLoadOf = new WeakMap<Request, number>();
  // An image React renders on the client is fetched twice: React sets `src` as it creates the element
  // and again once it is in the document (so that its load event fires), which aborts a first fetch
  // still in flight (net::ERR_ABORTED: seen on /checkout reloaded with a kept cart). A colour chosen
  // while the hero's picture still loads aborts that picture's fetch too: the hero shows the new one.
  // Such an abort is a problem only if the page still shows that image and it never loads.
  const abortedImages: string[] = [];
  const loadedImages = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') loadedImages.add(request.url());
  });
  page.on('requestfailed', (request) => {
    const aborted = request.failure()?.errorText === 'net::ERR_ABORTED';
    const abortedByPageLoad = aborted && pageLoadOf.get(request) !== pageLoads;
    if (abortedByPageLoad || isInjected(request.url())) return;
    if (aborted && request.resourceType() === 'image') abortedImages.push(request.url());
    else problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('request', (request) => {
    const isPageLoad = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (isPageLoad) pageLoads += 1;
    pageLoadOf.set(request, isPageLoad ? pageLoads : committedLoads);
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.offOriginRequests.push(url);
  });
  /**
   * Adds the aborted images that the page still shows and never loaded to `problems`, once the test is
   * over (every aborted one that never loaded when the page can no longer be read).
   */
  const settle = async () => {
    const shown = await page
      .evaluate(() => [...document.images].map((image) => image.currentSrc || image.src))
      .then((urls) => new Set(urls))
      .catch(() => undefined);
    for (const url of abortedImages)
      if (!loadedImages.has(url) && (shown?.has(url) ?? true))
        problems.failedRequests.push(`${url} net::ERR_ABORTED, never loaded`);
  };
  return { problems, settle };
}

/** Reports every Content Security Policy violation in the page (and its frames) to `problems`. */
async function watchCsp(page: Page, problems: PageProblems): Promise<void> {
  await page.exposeFunction('__reportCspViolation', (violation: string) =>
    problems.cspViolations.push(violation),
  );
  // Injected by the browser's DevTools protocol, so the page's own CSP does not block it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (violation: string) => void })
        .__reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

/** The page object of every browser suite (tests/support/shop-page.ts) over a Playwright `page`. */
export function shopIn(page: Page, baseURL = 'http://127.0.0.1'): ShopModel {
  return new ShopModel(new BrowserDriver('chromium', playwrightEnginePage(page)), new URL(baseURL).origin);
}

/**
 * Playwright's `test` with a `page` that fails the test on any console error, uncaught page error,
 * failed request, request that leaves the page's origin, or Content Security Policy violation. A test
 * that injects faults declares them with `test.use({ injectedFailures: [/\/assets\/checkout-page-/] })`
 * (see {@link InjectedFailures}); the watch itself is never turned off. `shop` is the page object of
 * every browser suite (tests/support/shop-page.ts) over `page`.
 */
export const test = base.extend<{
  problems: PageProblems;
  injectedFailures: InjectedFailures;
  shop: ShopModel;
}>({
  injectedFailures: [[], { option: true }],
  shop: async ({ page, baseURL }, use) => use(shopIn(page, baseURL)),
  problems: [
    async ({ page, baseURL, injectedFailures }, use) => {
      const seen = new Set<RegExp>();
      const { problems, settle } = watch(
        page,
        new URL(baseURL ?? 'http://127.0.0.1').origin,
        injectedFailures,
        seen,
      );
      await watchCsp(page, problems);
      await use(problems);
      await settle();
      expect(
        injectedFailures.filter((pattern) => !seen.has(pattern)).map(String),
        'every declared injected failure happened',
      ).toEqual([]);
      expect(problems, 'the page reported no problems').toEqual({
        consoleErrors: [],
        pageErrors: [],
        failedRequests: [],
        offOriginRequests: [],
        cspViolations: [],
      });
    },
    { auto: true },
  ],
});

export { expect };
