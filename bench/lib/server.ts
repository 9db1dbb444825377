/** Waiting for the bench's servers to answer. */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `url` answers 2xx, polling every 200 ms.
 * @throws after `timeoutMs` (ms) without such an answer
 */
export async function waitForServer(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
