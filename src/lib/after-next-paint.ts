/**
 * Resolves in a new task, so the browser can handle input and paint before what follows: a message to
 * itself on a `MessageChannel` (as React's scheduler yields), which, unlike `setTimeout`, no browser
 * throttles or clamps (and test clocks do not freeze).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Stryker disable next-line CallExpression: frees the port; no second message is ever sent on it
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves in the first task after the browser's next paint: the next animation frame, then
 * {@link nextTask}. Work that a tap starts but the shopper does not see goes here, out of the tap's
 * frame (an interaction's latency ends at that paint; docs/performance.md). In a background tab,
 * which paints nothing, it resolves once the tab is shown.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
}
