import { directiveOf, inlineScriptsOf } from '../inline-scripts';
import { expect, test } from './fixtures';
import { expectAppReady } from './shop';

/**
 * Content Security Policy, against whichever server runs the suite (`vite preview`, or nginx with
 * deploy/nginx.conf): the production HTML runs one inline script, the early-tap script, allowed by its
 * hash, carries the policy in a <meta> tag, the browser enforces it, and hostile `?lng=` values run
 * nothing. Every other spec checks that its journey causes zero violations (the
 * `securitypolicyviolation` listener in fixtures.ts).
 */

/**
 * The policy a <meta> tag can carry: the deploy policy without frame-ancestors (header only), with
 * the early-tap script's hash in `script-src`.
 */
const metaPolicy = (earlyTapsSource: string) =>
  `default-src 'self'; script-src 'self' ${earlyTapsSource}; style-src 'self' 'unsafe-inline'; ` +
  "img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'";

for (const path of ['/', '/checkout', '/no-such-page']) {
  test(`the HTML served for ${path} runs only the early-tap script inline and carries the policy`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();

    expect(html, 'the app script').toMatch(/<script\b[^>]*\bsrc="\/assets\//);
    const inline = inlineScriptsOf(html);
    expect(inline, 'one inline executable script').toHaveLength(1);
    expect(inline[0]!.code, 'the early-tap script').toContain('petball:app-ready');
    expect(html, 'inline event handlers').not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html, 'javascript: URLs').not.toMatch(/javascript:/i);

    const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
    expect(metas.map(([, content]) => content)).toEqual([metaPolicy(inline[0]!.cspSource)]);
    expect(directiveOf(metas[0]![1]!, 'script-src'), 'no unsafe-inline for scripts').not.toContain(
      "'unsafe-inline'",
    );
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
