/**
 * The build's second step (./production-build.ts, after Vite has written the client build):
 * 1. builds src/server/entry-server.tsx for Node with Vite's SSR build (into node_modules/.cache,
 *    removed after);
 * 2. renders the landing page, `/checkout` (default state) and the not-found page into the client
 *    build as {@link PAGES}' files (deploy/nginx.conf serves each by its route, the not-found page for
 *    any unknown path), each with its critical CSS inlined, its SEO tags, and `#root` stamped with the
 *    route it rendered ({@link PRERENDERED_ROUTE_ATTRIBUTE}) for the client's hydrate decision;
 *    the app is not loaded by the HTML: its entry module is named in `<meta name="app-entry">` (Vite's
 *    `<script type="module">` is taken out) and its other scripts (on the checkout page with the
 *    checkout chunk, which the client needs before hydrating) are listed in `<meta name="app-scripts">`;
 *    the page's inline script imports the one and modulepreloads the others once the page has painted
 *    (src/early/preload-app.ts), and links the web app manifest then (src/early/link-manifest.ts);
 *    every page carries that inline script (src/early/inline-script.ts: the early taps and the app's
 *    preload, bundled here as a classic script) in `<head>`, so it runs before the page can be tapped,
 *    and names the checkout chunk in `<meta name="checkout-module">`
 *    (src/features/checkout-download/checkout-module.ts); the template's `<meta>` Content Security
 *    Policy (the development one) gives way to the production policy (./content-security-policy.ts),
 *    which allows that script and the page's critical `<style>` by their `sha256-` hashes
 *    (deploy/nginx.conf's header names the same; tests/build checks it); the landing page carries its
 *    hero image inline (./inline-hero-image.ts);
 * 3. writes `robots.txt` and `sitemap.xml`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  APP_ENTRY_META,
  APP_SCRIPTS_META,
  CHECKOUT_MODULE_META,
  MANIFEST_FILE,
  PAGES,
  PRERENDERED_ROUTE_ATTRIBUTE,
} from '../src/lib/shared-names.ts';
import { contentSecurityPolicy, cspHashSource } from './content-security-policy.ts';
import { inlineHeroImage } from './inline-hero-image.ts';
import { ALIASES, fromRoot } from './paths.ts';

/** Where the prerender writes and what it names the site. */
export interface PrerenderOptions {
  /** The client build, absolute. */
  outDir: string;
  /** Absolute origin of the deployed shop, for canonical, Open Graph and sitemap URLs; no trailing `/`. */
  siteUrl: string;
}

/** src/server/entry-server.tsx's `renderPage`, as the SSR build exports it. */
type RenderPage = (
  pathname: string,
  site: { siteUrl: string; description: string },
) => Promise<{ head: string; html: string; routePath: string }>;

/** One chunk of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The lazily loaded checkout page, as the client build's manifest names it. */
const CHECKOUT_MODULE = 'src/pages/checkout-page.tsx';
/** The pages to render: the pathname to render, the file to write, the route modules to preload. */
const RENDERED = [
  { pathname: PAGES.landing.url, file: PAGES.landing.file, modules: [] },
  { pathname: PAGES.checkout.url, file: PAGES.checkout.file, modules: [CHECKOUT_MODULE] },
  // Any unmatched path renders the not-found page; this one stands for all of them.
  { pathname: '/404', file: PAGES.notFound.file, modules: [] },
];
const SITEMAP_PATHS = [PAGES.landing.url, PAGES.checkout.url];
const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[\s\S]*?<\/title>/;
/** index.html's link to the web app manifest, which the inline script adds in a built page. */
const MANIFEST_LINK = new RegExp(`<link rel="manifest" href="/${MANIFEST_FILE}"\\s*/?>\\s*`);
/** Vite's tag for the app's entry module, with its site-root URL. */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
/** The template's `<meta>` policy, which each page's own production policy replaces. */
const META_CSP = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/;

/**
 * Prerenders the pages into `outDir` (see the file's header).
 * @returns the files written
 * @throws when the client build's index.html or manifest is not as Vite writes it, or the SSR build or
 *   a page fails to render.
 */
export async function prerender({ outDir, siteUrl }: PrerenderOptions): Promise<string[]> {
  const built = readFileSync(join(outDir, PAGES.landing.file), 'utf8');
  // The pages are prerendered, so the app's entry is not needed to paint them: the inline script
  // imports it with the app's other scripts after the largest paint (src/early/preload-app.ts).
  const entryTags = [...built.matchAll(ENTRY_SCRIPT)];
  if (entryTags.length !== 1) throw new Error('index.html must have one <script type="module" src>');
  const entryMeta = `<meta name="${APP_ENTRY_META}" content="${entryTags[0]?.[1] ?? ''}">`;
  // Linked after the largest paint too (src/early/link-manifest.ts).
  const template = built.replace(ENTRY_SCRIPT, '').replace(MANIFEST_LINK, '');
  if (!MANIFEST_LINK.test(built) || template.includes('rel="manifest"'))
    throw new Error('index.html must have one <link rel="manifest">');
  if (!template.includes(EMPTY_ROOT))
    throw new Error(`${outDir}/index.html has no empty ${EMPTY_ROOT}: prerender a fresh client build.`);
  const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(template)?.[1];
  if (description === undefined) throw new Error('index.html has no <meta name="description">');
  if (!TITLE.test(template)) throw new Error('index.html has no <title>');
  if (template.split(META_CSP).length !== 2) throw new Error('index.html must have one <meta> CSP');
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

  /** Site-root paths of the files of a manifest chunk and of every chunk it imports statically. */
  const chunkFiles = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}`);
    if (seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
  };
  /** What is loaded anyway (the entry the inline script imports, Vite's modulepreload tags): never preloaded twice. */
  const entryFiles = new Set(chunkFiles('index.html'));
  /**
   * The app the entry imports after the first paint (its library stages and src/boot/start.tsx, with
   * everything they import), plus the given route modules and their imports.
   */
  const appScriptsMeta = (routeModules: string[]) => {
    const entryImports = manifest['index.html']?.dynamicImports ?? [];
    if (entryImports.length === 0) throw new Error('The entry imports no app: src/main.tsx changed?');
    const files = [...new Set([...entryImports, ...routeModules].flatMap((key) => chunkFiles(key)))];
    const listed = files.filter((file) => !entryFiles.has(file)).join(' ');
    return `<meta name="${APP_SCRIPTS_META}" content="${listed}">`;
  };
  const checkoutChunk = manifest[CHECKOUT_MODULE];
  if (!checkoutChunk) throw new Error(`The build manifest has no entry for ${CHECKOUT_MODULE}`);
  const checkoutModuleMeta = `<meta name="${CHECKOUT_MODULE_META}" content="/${checkoutChunk.file}">`;

  const inlineScript = await buildInlineScript();
  /** The page's `<meta>` policy: the inline script and the page's own critical `<style>` blocks. */
  const metaCsp = (head: string) => {
    const styles = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css = '']) =>
      cspHashSource(css),
    );
    const policy = contentSecurityPolicy({ scripts: [inlineScript.source], styles, meta: true });
    return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  };

  const renderPage = await buildServerRenderer(outDir);
  try {
    for (const { pathname, file, modules } of RENDERED) {
      const { head, html, routePath } = await renderPage.render(pathname, { siteUrl, description });
      // The route's own <title> and head tags take the place of the template's <title>.
      const page = template
        .replace(META_CSP, () => metaCsp(head))
        .replace(
          TITLE,
          () => inlineScript.tag + head + entryMeta + appScriptsMeta(modules) + checkoutModuleMeta,
        )
        .replace(
          EMPTY_ROOT,
          () => `<div id="root" ${PRERENDERED_ROUTE_ATTRIBUTE}="${routePath}">${html}</div>`,
        );
      writeFileSync(join(outDir, file), file === PAGES.landing.file ? inlineHeroImage(page, outDir) : page);
    }
  } finally {
    renderPage.remove();
  }

  writeFileSync(join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  writeFileSync(
    join(outDir, 'sitemap.xml'),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITEMAP_PATHS.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n'),
  );
  return [...RENDERED.map(({ file }) => file), 'robots.txt', 'sitemap.xml'];
}

/**
 * The page's inline script (src/early/inline-script.ts) as a classic `<script>` and the CSP source that
 * allows it: bundled on its own, minified, wrapped in a function so it leaves no globals.
 * @throws when it does not bundle to one chunk that can sit inside `<script>`.
 */
async function buildInlineScript(): Promise<{ tag: string; source: string }> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: ALIASES },
    build: {
      write: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: { entry: fromRoot('src/early/inline-script.ts'), formats: ['iife'], name: 'inlineScript' },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  const chunks = result && 'output' in result ? result.output : [];
  const code = chunks[0]?.type === 'chunk' ? chunks[0].code.trim() : '';
  if (chunks.length !== 1 || code === '' || code.includes('</script'))
    throw new Error('src/early/inline-script.ts did not build to one inline script');
  return { tag: `<script>${code}</script>`, source: cspHashSource(code) };
}

/**
 * Builds src/server/entry-server.tsx for Node with the project's own Vite configuration and loads it.
 * Its dependencies are bundled too: Node's CommonJS interop would hand styled-components' CJS build to
 * `import styled from` as its exports object, not its default export. One output directory per client
 * build, so builds into different directories side by side do not collide; `remove` deletes it.
 */
async function buildServerRenderer(outDir: string): Promise<{ render: RenderPage; remove: () => void }> {
  const ssrDir = fromRoot(
    `node_modules/.cache/prerender/${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}`,
  );
  const remove = () => rmSync(ssrDir, { recursive: true, force: true });
  try {
    await build({
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: {
        ssr: fromRoot('src/server/entry-server.tsx'),
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        manifest: false,
      },
    });
    const { renderPage } = (await import(pathToFileURL(resolve(ssrDir, 'entry-server.js')).href)) as {
      renderPage: RenderPage;
    };
    return { render: renderPage, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
