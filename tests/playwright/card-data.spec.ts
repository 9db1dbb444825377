import type { BrowserContext, Page } from '@playwright/test';
import { SHOPPER_DETAILS } from '@support/shopper-details';
import { en } from '@support/shop-texts';
import { expect, test } from '@support/playwright/fixtures';

/**
 * Card data at rest: the card number, expiry, CVV and name on card a shopper types are never
 * written to localStorage, sessionStorage, cookies, IndexedDB, Cache Storage, the URL, `history.state`,
 * `window.name` or the console, and never leave the page in a request. Checked while typing, while the
 * order processes, once confirmed, after the return to the shop and on the history entry of /checkout.
 */

/** The card fields' values this test types, by label: test numbers no other test uses. */
const CARD: Readonly<Record<string, string>> = {
  [en.checkout.payment.cardNumber]: '4000056655665556',
  [en.checkout.payment.expiryDate]: '09/31',
  [en.checkout.payment.cvv]: '7319',
  [en.checkout.payment.nameOnCard]: 'Quinn Cardholder',
};
const SECRETS = Object.values(CARD);
/** Every required field: the sample shopper's contact and address, this test's card. */
const DETAILS = SHOPPER_DETAILS.map(([label, value]) => [label, CARD[label] ?? value] as const);
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

test('card details never reach storage, cookies, the URL, history, the console or the network @R1.6 @R4.9 @R7.1', async ({
  page,
  context,
  shop,
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
  await shop.addToCart(1);
  await shop.openCart(1);
  await shop.proceed();
  await shop.seeCheckoutWith('hot-pink', 1);
  await shop.fillCheckoutForm(DETAILS);
  await expectNoCardDataIn(page, context, 'while typing');

  await shop.submitOrder();
  await shop.seeProcessing();
  await expectNoCardDataIn(page, context, 'while processing');

  await page.clock.runFor(3_000);
  await shop.seeOrderConfirmed();
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
