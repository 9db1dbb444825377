import { afterFirstPaint, nextTask } from '@/boot/after-first-paint';
import { LIBRARY_STAGES } from '@/boot/library-stages';
import { preloadApp } from '@/boot/preload-app';

/**
 * The app's entry (index.html's module script): tiny on purpose. Only after the prerendered page has
 * painted, so the hero image, the largest paint, does not share the network or the main thread with
 * the app's script, it fetches all of the app at once, then evaluates the libraries one per task, then
 * the shop (src/boot/start.tsx), which it starts in a task of its own. Taps made meanwhile are kept by
 * the early-tap script (src/early/early-taps.ts). Why: docs/decisions/0003-staged-boot-and-early-taps.md.
 */
async function boot(): Promise<void> {
  await afterFirstPaint();
  preloadApp();
  for (const stage of LIBRARY_STAGES) {
    await stage();
    await nextTask();
  }
  const { start } = await import('@/boot/start');
  await nextTask();
  start();
}

void boot();
