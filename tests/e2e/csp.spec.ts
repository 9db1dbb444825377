import { expect, test } from './fixtures';
import { expectAppReady } from './shop';

/**
 * Content Security Policy (issue 6), against whichever server runs the suite (`vite preview`, or nginx
 * with deploy/nginx.conf): the production HTML runs no inline script, carries the policy in a <meta>
 * tag, the browser enforces it, and hostile `?lng=` values run nothing. Every other spec checks that
 * its journey causes zero violations (the `securitypolicyviolation` listener in fixtures.ts).
 */

/** The policy a <meta> tag can carry: the deploy policy without frame-ancestors (header only). */
const META_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/** Script types a browser executes; any other type (e.g. application/ld+json) is an inert data block. */
const EXECUTABLE_TYPES = ['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript'];

for (const path of ['/', '/checkout', '/no-such-page']) {
  test(`the HTML served for ${path} runs no inline script and carries the policy`, async ({ request }) => {
    const html = await (await request.get(path)).text();

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(
      ([, attributes, body]) => ({
        attributes: attributes!,
        body: body!.trim(),
        type: /\btype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase() ?? '',
      }),
    );
    expect(
      scripts.some((script) => /\bsrc=/.test(script.attributes)),
      'the app script',
    ).toBe(true);
    const inline = scripts.filter(
      (script) => EXECUTABLE_TYPES.includes(script.type) && !/\bsrc=/.test(script.attributes),
    );
    expect(inline, 'inline executable scripts').toEqual([]);
    expect(html, 'inline event handlers').not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html, 'javascript: URLs').not.toMatch(/javascript:/i);

    const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
    expect(metas.map(([, content]) => content)).toEqual([META_POLICY]);
    expect(
      html.indexOf('http-equiv="Content-Security-Policy"'),
      'the policy precedes every script',
    ).toBeLessThan(html.search(/<script\b/i));
  });
}

test('the browser refuses a script injected into the page', async ({ page, problems }) => {
  const response = await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Each enforced policy reports on its own: the <meta> tag's, and the header's when the server sends one.
  const policies = response?.headers()['content-security-policy'] ? 2 : 1;

  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScriptRan = true;';
    document.head.append(script);
    await new Promise((settled) => setTimeout(settled, 50));
    return (window as unknown as { __injectedScriptRan?: boolean }).__injectedScriptRan ?? false;
  });

  expect(ran).toBe(false);
  await expect.poll(() => problems.cspViolations.length).toBe(policies);
  await expect.poll(() => problems.consoleErrors.length).toBe(policies);
  expect(
    problems.cspViolations.every((violation) => violation.startsWith('script-src-elem blocked inline')),
  ).toBe(true);
  expect(problems.consoleErrors.every((line) => line.includes('Content Security Policy'))).toBe(true);
  // This test caused these violations (and Chrome's console reports of them) on purpose: consume them.
  problems.cspViolations.length = 0;
  problems.consoleErrors.length = 0;
});

test('a hostile ?lng= shows the shop in English and runs nothing', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  await page.goto(`/?lng=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expectAppReady(page);

  await expect(page.getByRole('button', { name: 'Add to Cart - $21.98' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  expect(dialogs).toBe(0);
});
