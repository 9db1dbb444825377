/**
 * Stand-in for XState 4's `xstate/lib/types`: `@xstate/machine-extractor` 0.16 re-exports
 * that module's enums from its entry point (`export * from 'xstate/lib/types'`) and uses none of them.
 * See xstate-v4-actions.ts for why the extractor test needs these stand-ins.
 */
export {};
