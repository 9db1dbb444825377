/**
 * The message the page posts to the waiting worker when the shopper presses 'Reload'
 * (./workbox-registration.ts), and the only one the worker acts on (./service-worker.ts): the new
 * release takes over.
 */
export const SKIP_WAITING = 'SKIP_WAITING';
