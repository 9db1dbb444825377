import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import en from '@/locales/en';
import type { Page } from '@playwright/test';
import { openShop } from '@support/playwright/clock';
import { expect, shopIn, test } from '@support/playwright/fixtures';

/**
 * The browser, not the headless shell the other specs run in (`CHROME_PATH`, set by
 * scripts/test/run-e2e.ts): the shell has no install prompt, and answers the question below with no
 * error for any page (docs/decisions/0016-chromium-headless-shell.md).
 * @throws when CHROME_PATH is not set.
 */
const browserPath = (): string => {
  const path = process.env.CHROME_PATH;
  if (!path) throw new Error('CHROME_PATH is not set: run the browser tests through `npm run test:e2e`.');
  return path;
};

/**
 * The shop can be installed as an app (docs/offline.md): Chromium, asked through the DevTools protocol
 * (`Page.getInstallabilityErrors`, what its install prompt checks), finds nothing missing once the
 * service worker controls the page, and reads the web app manifest the page links to with the fields
 * the shop relies on. In a browser profile of its own: Chromium installs nothing from an incognito one,
 * which Playwright's contexts are.
 */
test('Chromium finds the shop installable: no installability error, the manifest as written @R2.30', async ({
  browser,
  baseURL,
}, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'pet-ball-profile-'));
  const context = await browser.browserType().launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    executablePath: browserPath(),
    ...(testInfo.project.use.viewport && { viewport: testInfo.project.use.viewport }),
    baseURL,
  });
  try {
    await expectInstallable(context.pages()[0] ?? (await context.newPage()), baseURL);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function expectInstallable(page: Page, baseURL: string | undefined): Promise<void> {
  await openShop(page);
  await shopIn(page, baseURL).waitForWorkerInControl();
  const cdp = await page.context().newCDPSession(page);

  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
  expect(manifest).toMatchObject({
    id: '/',
    short_name: en.brand.name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
  });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
}
