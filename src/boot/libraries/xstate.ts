/** Library stage 4 of src/boot/library-stages.ts: XState and @xstate/react (the `xstate` chunk). */
export { createActor } from 'xstate';
export { createActorContext } from '@xstate/react';
