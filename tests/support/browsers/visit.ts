import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { TestContext } from 'node:test';
import { BrowserDriver, newPageFor, type Engine } from '@support/browsers/driver';
import { startServer, type FaultServer } from '@support/servers/fault-server';
import { ShopModel } from '@support/shop-page';

/** The production build the engine suite's tests serve: `DIST_DIR`, default dist. */
export const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');

/** What {@link visit} gives a test: its server, its page and the page object over it. */
export interface Visit {
  readonly server: FaultServer;
  readonly browser: BrowserDriver;
  readonly shop: ShopModel;
}

/**
 * A test's own server (its own origin: no shared cache, storage, service worker or faults) serving
 * {@link DIST_DIR}, and a page of `engine`, both closed after the test `t`; `options` go to the server
 * (e.g. no worker). The test fails when the browser reported any Content Security Policy or Trusted
 * Types violation meanwhile (the server's report-only copy of the production policy:
 * {@link FaultServer.cspReports}), but for reports matching `allowedReport`, a violation the test
 * causes on purpose (which not every engine reports).
 */
export async function visit(
  engine: Engine,
  t: TestContext,
  options: { serviceWorker?: boolean } = {},
  allowedReport?: RegExp,
): Promise<Visit> {
  const server = await startServer({ root: DIST_DIR, ...options });
  const browser = new BrowserDriver(engine.name, await newPageFor(engine, server));
  t.after(async () => {
    // A test that ran out of time with a command unanswered: the browser stopped answering, and at what.
    const unanswered = browser.unansweredCommand();
    if (unanswered) console.log(`${engine.name} ${t.name}: ${unanswered}`);
    server.reset();
    // Reports are posted after the violation: give the last ones time to arrive.
    await new Promise((settled) => setTimeout(settled, 300));
    await browser.close().catch(() => undefined);
    await server.close();
    const reports = server.cspReports();
    const unexpected = reports.filter((report) => !allowedReport?.test(report));
    assert.deepEqual(unexpected, [], `${engine.name} reported policy violations`);
  });
  return { server, browser, shop: new ShopModel(browser, server.origin) };
}
