import { createActorContext } from '@xstate/react';
import { checkoutMachine } from '@machines/checkout-machine';

/**
 * React context for the checkout actor of one visit to /checkout (spec §4 'Checkout'). The checkout
 * page provides it with the navigation state as input; leaving the page stops the actor.
 */
export const CheckoutActorContext = createActorContext(checkoutMachine);
