/**
 * Brings a page to one picture of the state gallery (./state-gallery.ts) in any engine: the picture's
 * path runs through the model paths' own drivers (tests/support/model/model-drivers.ts: the shop as a
 * shopper uses it, each step checked against the machine's snapshot, the app's timers on a fake clock),
 * then the page settles for its picture: web fonts loaded, every image in the viewport decoded, every
 * animation at its end (an endless one, such as the spinner, at its start).
 */
import { runModelPath } from '@support/model/derive-test-model';
import { checkout } from '@support/model/checkout-model';
import { storefront } from '@support/model/storefront-model';
import type { BrowserDriver } from '@support/browsers/driver';
import {
  checkoutDriver,
  storefrontDriver,
  type ModelPage,
  type modelPages,
} from '@support/model/model-drivers';
import type { GalleryPicture } from '@support/visual/state-gallery';

/** Waits until the page looks as it will stay: fonts, images in view, animations ended. */
async function settle(browser: BrowserDriver): Promise<void> {
  await browser.waitFor(
    () =>
      browser.evaluate(async () => {
        await document.fonts.ready;
        const inView = [...document.images].filter((image) => {
          const box = image.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        });
        if (!inView.every((image) => image.complete)) return false;
        await Promise.all(inView.map((image) => image.decode().catch(() => undefined)));
        for (const animation of document.getAnimations()) {
          const { iterations } = animation.effect?.getTiming() ?? {};
          if (iterations === Infinity) animation.cancel();
          else animation.finish();
        }
        return true;
      }),
    { timeoutMs: 60_000 },
    'the images in view to load',
  );
}

/**
 * Opens a page of `pages` and runs `picture`'s path in it; resolves with the page, settled, for its
 * picture (the caller closes it).
 * @throws the path's failure (a step the screen did not follow), the page closed.
 */
export async function showPicture(
  pages: ReturnType<typeof modelPages>,
  picture: GalleryPicture,
): Promise<ModelPage> {
  const page = await pages.openPage(picture.needsWorker, picture.deploys);
  try {
    if (picture.machine === storefront.name)
      await runModelPath(storefront, picture.path as never, await storefrontDriver(page));
    else await runModelPath(checkout, picture.path as never, await checkoutDriver(page));
    await settle(page.browser);
    return page;
  } catch (error) {
    await page.close();
    throw error;
  }
}
