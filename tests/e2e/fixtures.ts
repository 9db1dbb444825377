import { expect, test as base, type Page, type Request } from '@playwright/test';

/** Problems a page reported while a test ran. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  offOriginRequests: string[];
  /** `securitypolicyviolation` events: directive, blocked URI and source location of each. */
  cspViolations: string[];
}

function watch(page: Page, origin: string): PageProblems {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    offOriginRequests: [],
    cspViolations: [],
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
    const isNotFoundPage =
      message.text().startsWith('Failed to load resource') && notFoundPages.has(message.location().url);
    if (!isNotFoundPage) problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  // A new page load (goto, reload) cancels the requests the previous one still had in flight, such as
  // the favicon Chromium fetches again after every client-side navigation: net::ERR_ABORTED, which is
  // not a problem of the page. Requests are numbered by the page load they belong to.
  let pageLoads = 0;
  const pageLoadOf = new WeakMap<Request, number>();
  page.on('requestfailed', (request) => {
    const abortedByPageLoad =
      request.failure()?.errorText === 'net::ERR_ABORTED' && pageLoadOf.get(request) !== pageLoads;
    if (!abortedByPageLoad) problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pageLoads += 1;
    pageLoadOf.set(request, pageLoads);
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.offOriginRequests.push(url);
  });
  return problems;
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

/**
 * Playwright's `test` with a `page` that fails the test on any console error, uncaught page error,
 * failed request, request that leaves the page's origin, or Content Security Policy violation.
 */
export const test = base.extend<{ problems: PageProblems }>({
  problems: [
    async ({ page, baseURL }, use) => {
      const problems = watch(page, new URL(baseURL ?? 'http://127.0.0.1').origin);
      await watchCsp(page, problems);
      await use(problems);
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
