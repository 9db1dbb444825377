/**
 * Vitest setup shared by every project: a test that set a fake clock leaves the next one the real
 * clock, even when it failed before restoring it. The jsdom project adds ./vitest-setup.ts.
 */
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});
