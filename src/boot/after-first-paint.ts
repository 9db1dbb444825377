/**
 * Resolves once the page has loaded (its images and preloaded scripts included) and the browser has
 * painted it: at `load`, then the next animation frame, then a task after that frame's paint. The shop
 * starts there (src/main.tsx), so the prerendered page, hero image included, paints without waiting
 * for the app's script to run; taps in between are kept by the early-tap script.
 * In a background tab, which paints nothing, it resolves once the tab is shown.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const afterNextPaint = () => requestAnimationFrame(() => void nextTask().then(resolve));
    if (document.readyState === 'complete') afterNextPaint();
    else window.addEventListener('load', afterNextPaint, { once: true });
  });
}

/**
 * Resolves in a new task, so the browser can handle input and paint before what follows: a message to
 * itself on a `MessageChannel` (as React's scheduler yields), which, unlike `setTimeout`, no browser
 * throttles or clamps (and test clocks do not freeze).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
