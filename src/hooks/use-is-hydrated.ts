import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server or hydrates prerendered markup, true once the component
 * runs on the client with its event handlers attached (a client-only render is true at once).
 * Used to keep controls that need JavaScript inert in the prerendered HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
