/** The `<meta name>` under which scripts/prerender.mjs lists the app's scripts, space-separated. */
export const APP_SCRIPTS_META = 'app-scripts';

/**
 * Starts downloading every script of the app at once, as `<link rel="modulepreload">` (fetched and
 * compiled, not run), from the list scripts/prerender.mjs writes into the page's
 * `<meta name="app-scripts">`: the entry then imports them one per task without waiting on the
 * network between them. Does nothing without the list (the dev server's page). Safe to
 * call once; a preload that fails is retried by the import that needs it.
 */
export function preloadApp(): void {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${APP_SCRIPTS_META}"]`)?.content ?? '';
  for (const href of list.split(/\s+/).filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
