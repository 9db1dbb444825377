import { afterFirstPaint } from '@/boot/after-first-paint';
import { LIBRARY_STAGES } from '@/boot/library-stages';
import { nextTask } from '@/lib/after-next-paint';

/**
 * The app's entry: tiny on purpose. In a built page the inline script imports it, with the app's
 * other scripts, once the page has painted (src/early/preload-app.ts); in dev index.html runs it.
 * Only after the prerendered page has loaded and painted does it evaluate the libraries, one per task,
 * then the shop (src/boot/start.tsx), which it starts in a task of its own. Taps made meanwhile are kept by
 * the early-tap script (src/early/early-taps.ts).
 * Why: docs/decisions/0003-staged-boot-and-early-taps.md.
 */
async function boot(): Promise<void> {
  await afterFirstPaint();
  for (const stage of LIBRARY_STAGES) {
    await stage();
    await nextTask();
  }
  const { start } = await import('@/boot/start');
  await nextTask();
  start();
}

void boot();
