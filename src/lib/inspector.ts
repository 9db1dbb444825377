/**
 * The Stately inspector for designers: on the dev server, `npm run dev:inspect` (Vite mode
 * `inspect`) or `?inspect` in the URL attaches `@statelyai/inspect`'s browser inspector to the
 * storefront and checkout actors; it opens stately.ai/inspect in a new tab (allow the pop-up).
 *
 * Never in production: everything here sits behind `import.meta.env.DEV`, which a production build
 * replaces with `false`, so the bundler drops the inspector and its dynamic import
 * (tests/unit/lib/inspector-bundle.test.ts proves it).
 *
 * It lives in lib/, not app/, because both the app (storefront actor) and the checkout page (checkout
 * actor) pass it to their actors, and pages never import from app/ (eslint.config.js checks it).
 *
 * React StrictMode renders the actor providers twice in development, and `@xstate/react` creates an
 * actor per render: the second is discarded and never started, but registers with the inspector, which
 * then shows a second, frozen actor. {@link onlyStartedActors} holds each actor's registration back
 * until the actor starts, so a discarded one never shows.
 */
import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';
import { CARD_FIELD_NAMES } from '@machines/checkout-form';

/** Form fields whose values never leave the page, even for a dev inspector: card data. */
const REDACTED_FIELDS: ReadonlySet<string> = new Set(CARD_FIELD_NAMES);
const REDACTED = '•••';

/**
 * Wraps an inspection observer so it sees an actor's registration (`@xstate.actor`) only once that
 * actor starts (its `xstate.init` event); actors that are created but never started (React StrictMode's
 * discarded render) never reach it. All other events pass through in order.
 */
export function onlyStartedActors(target: Observer<InspectionEvent>): Observer<InspectionEvent> {
  const pending = new Map<AnyActorRef, InspectionEvent>();
  return {
    next: (event) => {
      if (event.type === '@xstate.actor') {
        pending.set(event.actorRef as AnyActorRef, event);
        return;
      }
      const registration = pending.get(event.actorRef as AnyActorRef);
      if (registration && event.type === '@xstate.event' && event.event.type === 'xstate.init') {
        pending.delete(event.actorRef as AnyActorRef);
        target.next?.(registration);
      }
      target.next?.(event);
    },
  };
}

/**
 * Replaces card data with a placeholder in what the inspector is sent: a snapshot context with a
 * `form`, or a `field.change` event for a card field (checkout, spec §3). Anything else is returned as is.
 */
export function redactCardData<T>(value: T): T {
  // Stryker disable next-line ConditionalExpression: a primitive has no `type` or `form`, so it is returned as is below too
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record.type === 'field.change' && REDACTED_FIELDS.has(String(record.name))) {
    return { ...record, value: REDACTED } as T;
  }
  if (record.form && typeof record.form === 'object') {
    const form = Object.fromEntries(
      Object.entries(record.form).map(([name, field]) => [
        name,
        REDACTED_FIELDS.has(name) ? REDACTED : field,
      ]),
    );
    return { ...record, form } as T;
  }
  return value;
}

/**
 * Starts the browser inspector (loaded on demand) and returns the observer to pass to actors as
 * `inspect`. Events sent before the inspector has loaded are queued and replayed in order.
 */
function startBrowserInspector(): Observer<InspectionEvent> {
  const queued: InspectionEvent[] = [];
  let inspector: Observer<InspectionEvent> | undefined;
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      inspector = createBrowserInspector({
        sanitizeContext: redactCardData,
        sanitizeEvent: redactCardData,
      }).inspect;
      // Stryker disable next-line OptionalChaining: createBrowserInspector's `inspect` always has `next`
      for (const event of queued.splice(0)) inspector.next?.(event);
    })
    .catch((error: unknown) => console.error('The Stately inspector could not be loaded.', error));
  return onlyStartedActors({
    next: (event) => {
      // Stryker disable next-line OptionalChaining: createBrowserInspector's `inspect` always has `next`
      if (inspector) inspector.next?.(event);
      else queued.push(event);
    },
  });
}

/** True on the dev server when the inspector was asked for: Vite mode `inspect`, or `?inspect`. */
function inspectorRequested(): boolean {
  return (
    import.meta.env.MODE === 'inspect' ||
    (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect'))
  );
}

/**
 * The inspection observer for the app's actors (their `inspect` option), or `undefined` when the
 * inspector is off: always in production builds and tests, and on the dev server unless requested.
 * One inspector per page load, shared by every actor.
 */
export const inspect: Observer<InspectionEvent> | undefined =
  import.meta.env.DEV && inspectorRequested() ? startBrowserInspector() : undefined;
