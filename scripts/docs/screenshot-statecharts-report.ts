/**
 * Writes docs/screenshots/statecharts-report.png: the statechart report (`npm run report:statecharts`,
 * scripts/test/report-statecharts.ts) written from the latest runs in test-results/, opened from disk
 * in the system Chromium (scripts/setup/find-chromium.sh) at 1400 × 900, with a state selected on the
 * chart, as a designer selects it: its details panel beside the charts. Optimised losslessly (oxipng,
 * through @napi-rs/image).
 *
 * Usage: npm run screenshots:report [-- --state <element id>] (default the storefront's
 * `cart.open.checkoutUnavailable`). Run the covering paths and the sessions first.
 * @throws when selecting the state does not show its details.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { losslessCompressPng } from '@napi-rs/image';
import { chromium } from '@playwright/test';
import { REPORT_FILE, writeStatechartsReport } from '../test/report-statecharts';

const OUT = 'docs/screenshots/statecharts-report.png';

const { values } = parseArgs({
  options: { state: { type: 'string', default: 'state-storefront-cart-open-checkoutunavailable' } },
});
await writeStatechartsReport();
const executablePath = execFileSync('bash', ['scripts/setup/find-chromium.sh'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(pathToFileURL(resolve(REPORT_FILE)).href);
  const state = page.locator(`svg a[href="#${values.state}"]`);
  await state.scrollIntoViewIfNeeded();
  await state.click();
  await page.locator(`#${values.state}`).waitFor({ state: 'visible' });
  await page.mouse.move(0, 0);
  mkdirSync('docs/screenshots', { recursive: true });
  // Optimised losslessly, as the state gallery's pictures are.
  writeFileSync(OUT, await losslessCompressPng(await page.screenshot()));
  console.log(OUT);
} finally {
  await browser.close();
}
