import { contentSecurityPolicy, cspHashSource } from '../../build/content-security-policy';
import { directiveOf, inlineScriptsOf } from '@support/inline-scripts';
import { expect, test } from '@support/playwright/fixtures';
import { expectAppReady } from '@support/playwright/clock';
import { APP_ENTRY_META, APP_READY_EVENT } from '@/lib/shared-names';
import { UNIT_PRICE_CENTS } from '@machines/catalog';
import { shopText } from '@support/shop-texts';

/**
 * Content Security Policy, against whichever server runs the suite (nginx with deploy/nginx.conf, or a
 * deployment): the production HTML runs one inline script, the early-tap script, allowed by its
 * hash, styles itself with one inline `<style>`, allowed by its hash, carries the policy
 * (build/content-security-policy.ts) in a <meta> tag, the browser enforces it with Trusted Types,
 * and hostile `?lng=` values run nothing. Every other spec checks that its journey causes zero
 * violations (the `securitypolicyviolation` listener in fixtures.ts).
 */

/**
 * The policy a <meta> tag can carry (the deploy policy without frame-ancestors, header only), with
 * the early-tap script's hash in `script-src` and the page's critical CSS's in `style-src`.
 */
const metaPolicy = (earlyTapsSource: string, html: string) =>
  contentSecurityPolicy({
    scripts: [earlyTapsSource],
    styles: [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => cspHashSource(css!)),
    meta: true,
  });

for (const path of ['/', '/checkout', '/no-such-page']) {
  test(`the HTML served for ${path} runs only the early-tap script inline and carries the policy`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();

    expect(html, 'the app entry, which the inline script imports').toMatch(
      new RegExp(`<meta name="${APP_ENTRY_META}" content="/assets/`),
    );
    expect(html, 'no script of its own before the largest paint').not.toMatch(/<script\b[^>]*\bsrc=/);
    const inline = inlineScriptsOf(html);
    expect(inline, 'one inline executable script').toHaveLength(1);
    expect(inline[0]!.code, 'the early-tap script').toContain(APP_READY_EVENT);
    expect(html, 'inline event handlers').not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html, 'javascript: URLs').not.toMatch(/javascript:/i);

    const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
    expect(metas.map(([, content]) => content)).toEqual([metaPolicy(inline[0]!.cspSource, html)]);
    expect(metas[0]![1], 'no unsafe-inline or unsafe-eval').not.toContain("'unsafe-");
    expect(
      directiveOf(metas[0]![1]!, 'style-src'),
      'one style block allowed besides the empty one',
    ).toHaveLength(2);
    expect(html, 'style attributes').not.toMatch(/<[^>]+\sstyle=/i);
    expect(
      html.indexOf('http-equiv="Content-Security-Policy"'),
      'the policy precedes every script',
    ).toBeLessThan(html.search(/<script\b/i));
  });
}

test('the browser refuses a script injected into the page, by Trusted Types and by script-src', async ({
  page,
  problems,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const code = 'window.__injectedScriptRan = true;';
    // A string written into a script is an injection sink: Trusted Types throws.
    let refusedBySink = '';
    try {
      document.createElement('script').textContent = code;
    } catch (error) {
      refusedBySink = String(error);
    }
    // Built from a text node instead (no sink), the script still may not run: it is neither trusted
    // nor allowed by a hash.
    const script = document.createElement('script');
    script.append(document.createTextNode(code));
    document.head.append(script);
    await new Promise((settled) => setTimeout(settled, 50));
    const ran = (window as unknown as { __injectedScriptRan?: boolean }).__injectedScriptRan ?? false;
    return { refusedBySink, ran };
  });

  expect(outcome.refusedBySink).toMatch(/TrustedScript/);
  expect(outcome.ran).toBe(false);
  await expect.poll(() => problems.cspViolations.length).toBeGreaterThan(0);
  expect(
    problems.cspViolations.every((violation) =>
      /^(require-trusted-types-for|script-src-elem) blocked/.test(violation),
    ),
    problems.cspViolations.join('\n'),
  ).toBe(true);
  expect(
    problems.consoleErrors.every((line) => /TrustedScript|Content Security Policy/.test(line)),
    problems.consoleErrors.join('\n'),
  ).toBe(true);
  // This test caused these violations (and Chrome's console reports of them) on purpose: consume them.
  problems.cspViolations.length = 0;
  problems.consoleErrors.length = 0;
});

test('a hostile ?lng= shows the shop in English and runs nothing @R7.5', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  await page.goto(`/?lng=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expectAppReady(page);

  await expect(page.getByRole('button', { name: shopText.addToCart(UNIT_PRICE_CENTS) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  expect(dialogs).toBe(0);
});
