import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Card data at rest: the card number, expiry, CVV and name on card a shopper types are never
 * written to localStorage, sessionStorage, cookies, IndexedDB, Cache Storage, the URL, `history.state`,
 * `window.name` or the console, and never leave the page in a request. Checked while typing, while the
 * order processes, once confirmed, after the return to the shop and on the history entry of /checkout.
 */

const CARD = {
  number: '4000056655665556',
  expiry: '09/31',
  cvv: '7319',
  name: 'Quinn Cardholder',
};
const SECRETS = Object.values(CARD);
const START = new Date('2026-11-22T10:00:00.000Z');

/** Everything the page could have kept, as one string per store. */
async function storesOf(page: Page, context: BrowserContext): Promise<Record<string, string>> {
  const inPage = await page.evaluate(async () => {
    const dump = (storage: Storage) =>
      JSON.stringify(
        Object.fromEntries(
          Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [
            key,
            storage.getItem(key),
          ]),
        ),
      );
    const indexedDb: unknown[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => done(request.result);
        request.onerror = () => fail(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((done) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => done(request.result);
        });
        indexedDb.push({ name, storeName, records });
      }
      db.close();
    }
    const cacheStorage: string[] = [];
    for (const cacheName of await caches.keys()) {
      for (const request of await (await caches.open(cacheName)).keys()) cacheStorage.push(request.url);
    }
    return {
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      documentCookie: document.cookie,
      indexedDb: JSON.stringify(indexedDb),
      cacheStorage: JSON.stringify(cacheStorage),
      url: location.href,
      historyState: JSON.stringify(history.state),
      windowName: window.name,
    };
  });
  return { ...inPage, cookies: JSON.stringify(await context.cookies()) };
}

/** Fails with the store and the secret when any store holds any card field. */
async function expectNoCardDataIn(page: Page, context: BrowserContext, moment: string) {
  const stores = await storesOf(page, context);
  const leaks = Object.entries(stores).flatMap(([store, content]) =>
    SECRETS.filter((secret) => content.includes(secret)).map((secret) => `${store} holds "${secret}"`),
  );
  expect(leaks, `card data at rest ${moment}`).toEqual([]);
}

test('card details never reach storage, cookies, the URL, history, the console or the network', async ({
  page,
  context,
}) => {
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  const visitedUrls: string[] = [];
  page.on('framenavigated', (frame) => visitedUrls.push(frame.url()));
  const requests: string[] = [];
  page.on('request', (request) =>
    requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`),
  );

  await page.clock.install({ time: START });
  await page.goto('/');
  await page.getByRole('button', { name: /^Add to Cart/ }).click();
  await page.getByRole('button', { name: /^Open cart, 1 item/ }).click();
  await page
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: 'Proceed to Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel('Email address').fill('quinn@example.com');
  await page.getByLabel('First name').fill('Quinn');
  await page.getByLabel('Last name').fill('Cardholder');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Expiry date').fill(CARD.expiry);
  await page.getByLabel('CVV').fill(CARD.cvv);
  await page.getByLabel('Name on card').fill(CARD.name);
  await expectNoCardDataIn(page, context, 'while typing');

  await page.getByRole('button', { name: /^Complete Order/ }).click();
  await expect(page.getByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
  await expectNoCardDataIn(page, context, 'while processing');

  await page.clock.runFor(3_000);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expectNoCardDataIn(page, context, 'once confirmed');
  const pageText = await page.locator('body').innerHTML();
  expect(
    SECRETS.filter((secret) => pageText.includes(secret)),
    'card data left in the page',
  ).toEqual([]);

  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/$/);
  await expectNoCardDataIn(page, context, 'after the return to the shop');

  // The history entry before the checkout (the landing page) and its state.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expectNoCardDataIn(page, context, 'on the earlier history entry');

  const leaked = (lines: string[]) => lines.filter((line) => SECRETS.some((secret) => line.includes(secret)));
  expect(leaked(consoleLines), 'card data in the console').toEqual([]);
  expect(leaked(visitedUrls), 'card data in a URL').toEqual([]);
  expect(leaked(requests), 'card data in a request').toEqual([]);
});
