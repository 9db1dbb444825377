import { createActorContext } from '@xstate/react';
import { storefrontMachine } from '@machines/storefront-machine';

/**
 * React context for the one storefront actor (spec §4 'Landing page'). Its Provider sits above the
 * router so the cart lives as long as the page; components read slices with
 * `StorefrontActorContext.useSelector(selectX)` and send events via `useActorRef().send`.
 */
export const StorefrontActorContext = createActorContext(storefrontMachine);
