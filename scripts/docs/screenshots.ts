/**
 * Writes PNG screenshots of what the state gallery (docs/states.md, `npm run docs:states`) does not
 * show, at 375×812 (mobile) and 1280×800 (desktop), to docs/screenshots/: the whole landing page
 * (the gallery keeps to the viewport a shopper sees) and the not-found page (no machine's state).
 * Builds the production bundle, serves it with nginx (scripts/hosting/nginx.ts) and drives the system Chromium
 * (scripts/setup/find-chromium.sh) with a fixed fake clock, so every frame is stable.
 * Usage: npm run screenshots. Env: SCREENSHOTS_PORT (default 4183), DIST_DIR (default dist-screenshots).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { serveWithNginx } from '../hosting/nginx';

const OUT_DIR = 'docs/screenshots';
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4183);
const START = new Date('2026-11-28T10:00:00.000Z');
const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

type Viewport = keyof typeof VIEWPORTS;

/** Opens a fresh page at `path` with the fake clock paused after load; motion reduced, so no frame is mid-animation. */
async function openPage(browser: Browser, viewport: Viewport, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    hasTouch: viewport === 'mobile',
    reducedMotion: 'reduce',
    baseURL: `http://127.0.0.1:${PORT}`,
  });
  const page = await context.newPage();
  await page.clock.install({ time: START });
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.clock.pauseAt(START.getTime() + 60_000);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/**
 * Makes the landing page's offscreen sections render (they skip rendering with `content-visibility:
 * auto`, src/pages/landing-page.tsx): a full-page capture would show them blank, at their estimated
 * height. Through the CSSOM, which the page's Content Security Policy allows.
 */
async function renderOffscreenSections(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *'))
      if (getComputedStyle(element).getPropertyValue('content-visibility') === 'auto')
        element.style.setProperty('content-visibility', 'visible');
  });
}

/** Saves a screenshot as docs/screenshots/<name>.png; `fullPage` captures the whole scroll height. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  if (fullPage) await renderOffscreenSections(page);
  // No hover styling left over from the last click.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
  console.log(`  ${name}.png`);
}

/** Every screenshot at one viewport. */
async function shootViewport(browser: Browser, viewport: Viewport): Promise<void> {
  const landing = await openPage(browser, viewport, '/');
  await shoot(landing, `landing-full-${viewport}`, true);
  await landing.context().close();

  const notFound = await openPage(browser, viewport, '/no-such-page');
  await shoot(notFound, `not-found-${viewport}`);
  await notFound.context().close();
}

const executablePath = execFileSync('bash', ['scripts/setup/find-chromium.sh'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
process.env.DIST_DIR ??= 'dist-screenshots';
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
mkdirSync(OUT_DIR, { recursive: true });

const server = await serveWithNginx(process.env.DIST_DIR!, { port: PORT });
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});
try {
  for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
    console.log(`${viewport} ${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height}:`);
    await shootViewport(browser, viewport);
  }
} finally {
  await browser.close();
  await server.stop();
}
