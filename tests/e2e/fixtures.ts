import { expect, test as base, type Page } from '@playwright/test';

/** Problems a page reported while a test ran. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  offOriginRequests: string[];
}

function watch(page: Page, origin: string): PageProblems {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    offOriginRequests: [],
  };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.offOriginRequests.push(url);
  });
  return problems;
}

/**
 * Playwright's `test` with a `page` that fails the test on any console error, uncaught page error,
 * failed request, or request that leaves the page's origin.
 */
export const test = base.extend<{ problems: PageProblems }>({
  problems: [
    async ({ page, baseURL }, use) => {
      const problems = watch(page, new URL(baseURL ?? 'http://127.0.0.1').origin);
      await use(problems);
      expect(problems, 'the page reported no problems').toEqual({
        consoleErrors: [],
        pageErrors: [],
        failedRequests: [],
        offOriginRequests: [],
      });
    },
    { auto: true },
  ],
});

export { expect };
