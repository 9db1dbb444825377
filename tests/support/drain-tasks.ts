/**
 * Resolves once every task the code under test could have queued has run, as far as a test can know:
 * `rounds` times a message to itself on a `MessageChannel` (how `nextTask` in src/lib/after-next-paint.ts
 * yields) and then a 0 ms timer. Node orders neither kind of task against the other, so one timer alone
 * may run before a message queued earlier; each round also lets work chained on the previous one run.
 * For "still pending" assertions only: a "settled" assertion awaits the promise itself. Needs real
 * timers (a fake clock would never fire the timer).
 */
export async function drainTasks(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Whether `promise` is still pending once {@link drainTasks} has run: the code under test had every
 * chance to settle it and did not.
 */
export async function isStillPending(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await drainTasks();
  return !settled;
}
