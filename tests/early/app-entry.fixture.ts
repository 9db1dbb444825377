/** Stands for the app's entry module in tests/early/preload-app.test.ts: counts its evaluations. */
const page = globalThis as { entryEvaluations?: number; onEntryEvaluated?: () => void };
page.entryEvaluations = (page.entryEvaluations ?? 0) + 1;
page.onEntryEvaluated?.();

export {};
