import type { Page } from '@playwright/test';

/**
 * Lays the landing page's offscreen sections out as they are on screen. They skip rendering with
 * `content-visibility: auto` (src/pages/landing-page.tsx) and keep their last height while offscreen,
 * so a check of the whole page would measure them at a size no shopper sees: a section is laid out in
 * full as it scrolls into view. Through the CSSOM, which the page's Content Security Policy allows.
 */
export async function renderOffscreenSections(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *'))
      if (getComputedStyle(element).getPropertyValue('content-visibility') === 'auto')
        element.style.setProperty('content-visibility', 'visible');
  });
}

/**
 * Adds `css` to the page as a stylesheet of the user's, above the page's own (through the CSSOM, which
 * the page's Content Security Policy allows; a `<style>` element would be refused).
 */
export async function addUserStyles(page: Page, css: string): Promise<void> {
  await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}
