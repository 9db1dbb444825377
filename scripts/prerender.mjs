#!/usr/bin/env node
/**
 * Prerenders the shop after `vite build` (the second half of `npm run build`):
 * 1. builds src/server/entry-server.tsx for Node with Vite's SSR build (into node_modules/.cache, removed after);
 * 2. renders `/`, `/checkout` (default state) and the not-found page, and writes them into the client
 *    build as `index.html`, `checkout.html` (served for /checkout, without a redirect, by static hosts with clean URLs; deploy/nginx.conf maps it explicitly) and
 *    `404.html` (what static hosts serve for unknown paths), each with its critical CSS inlined, its
 *    SEO tags, and `#root` stamped with `data-prerendered-route` for the client's hydrate decision;
 *    the app is not preloaded by the HTML: its scripts (on checkout.html with the checkout chunk, which
 *    the client needs before hydrating) are listed in `<meta name="app-scripts">`, which the page's
 *    inline script modulepreloads once the page has painted;
 *    every page carries that inline script (src/early/inline-script.ts: the early taps and the app's
 *    preload, built here as a classic script) in `<head>`, so it runs before the page can be tapped,
 *    and names the checkout chunk in `<meta name="checkout-module">`
 *    (src/features/checkout-download/checkout-module.ts); the template's `<meta>` Content Security
 *    Policy (the development one) gives way to the production policy
 *    (scripts/content-security-policy.mjs), which allows that script and the page's critical `<style>`
 *    by their `sha256-` hashes (deploy/nginx.conf's header names the same; tests/build checks it);
 * 3. writes `robots.txt`, `sitemap.xml` and `release.json`: the module scripts of the landing page,
 *    which an open page compares with its own to tell a new release from an outage
 *    (src/features/checkout-download/load-checkout.ts).
 * Env: DIST_DIR (the client build, default `dist`, as in vite.config.ts); SITE_URL (absolute origin of
 * the deployed shop for canonical, Open Graph and sitemap URLs; default https://pet-ball-pro.example).
 * Exit code: non-zero when the SSR build or any page fails to render.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { contentSecurityPolicy, cspHashSource } from './content-security-policy.mjs';

process.env.NODE_ENV ??= 'production';

const outDir = resolve(process.env.DIST_DIR ?? 'dist');
const siteUrl = (process.env.SITE_URL ?? 'https://pet-ball-pro.example').replace(/\/+$/, '');
/** The lazily loaded checkout page, as the client build's manifest names it. */
const CHECKOUT_MODULE = 'src/pages/checkout-page.tsx';
const PAGES = [
  { pathname: '/', file: 'index.html', modules: [] },
  { pathname: '/checkout', file: 'checkout.html', modules: [CHECKOUT_MODULE] },
  // Any unmatched path renders the not-found page; this one stands for all of them.
  { pathname: '/404', file: '404.html', modules: [] },
];
const SITEMAP_PATHS = ['/', '/checkout'];

const built = readFileSync(join(outDir, 'index.html'), 'utf8');
// The pages are prerendered, so the app's script is not needed to paint them: at low priority it lets
// the hero image (the largest paint) go first. (It also keeps Lighthouse's simulation, which takes a
// high-priority script for a render-blocking one, from counting the bundle into the first paint.)
const template = built.replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
if (template === built) throw new Error('index.html has no <script type="module">');
const EMPTY_ROOT = '<div id="root"></div>';
if (!template.includes(EMPTY_ROOT))
  throw new Error(`${outDir}/index.html has no empty ${EMPTY_ROOT}: run \`vite build\` before prerendering.`);
const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(template)?.[1];
if (description === undefined) throw new Error('index.html has no <meta name="description">');
const TITLE = /<title>[\s\S]*?<\/title>/;
if (!TITLE.test(template)) throw new Error('index.html has no <title>');
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));

/** Site-root paths of the files of a manifest chunk and of every chunk it imports statically. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no entry for ${key}`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
}
/** What index.html loads anyway (Vite's script and modulepreload tags): never preloaded twice. */
const entryFiles = new Set(chunkFiles('index.html'));
/**
 * The app the entry imports after the first paint (its library stages and src/boot/start.tsx, with
 * everything they import), plus the given route modules and their imports: listed for the page's
 * inline script to modulepreload once the page has painted (src/early/preload-app.ts), as
 * `<meta name="app-scripts">`.
 */
function appScriptsMeta(routeModules) {
  const entryImports = manifest['index.html'].dynamicImports ?? [];
  if (entryImports.length === 0) throw new Error('The entry imports no app: src/main.tsx changed?');
  const files = [...new Set([...entryImports, ...routeModules].flatMap((key) => chunkFiles(key)))];
  return `<meta name="app-scripts" content="${files.filter((file) => !entryFiles.has(file)).join(' ')}">`;
}
/**
 * The page's inline script (src/early/inline-script.ts) as a classic `<script>` and the CSP source that
 * allows it: bundled on its own (it must import nothing the app bundles), minified, wrapped in a
 * function so it leaves no globals.
 */
async function buildInlineScript() {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: { entry: resolve('src/early/inline-script.ts'), formats: ['iife'], name: 'inlineScript' },
    },
  });
  const [{ output: chunks }] = Array.isArray(output) ? output : [output];
  const code = chunks[0].code.trim();
  if (chunks.length !== 1 || code.includes('</script'))
    throw new Error('src/early/inline-script.ts did not build to one inline script');
  return { tag: `<script>${code}</script>`, source: cspHashSource(code) };
}
const inlineScript = await buildInlineScript();
/** The template's `<meta>` policy, which each page's own production policy replaces. */
const META_CSP = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/;
if (template.split(META_CSP).length !== 2) throw new Error('index.html must have one <meta> CSP');
/** The page's `<meta>` policy: the inline script and the page's own critical `<style>` blocks. */
function metaCsp(head) {
  const styles = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) =>
    cspHashSource(css),
  );
  const policy = contentSecurityPolicy({ scripts: [inlineScript.source], styles, meta: true });
  return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
}
/** Site-root URL of the checkout chunk, for a retry of its download under a URL of its own. */
const checkoutModuleMeta = `<meta name="checkout-module" content="/${manifest[CHECKOUT_MODULE].file}">`;

// One SSR output per client build, so parallel builds with different DIST_DIRs do not collide.
const ssrDir = resolve(
  'node_modules/.cache/prerender',
  createHash('sha256').update(outDir).digest('hex').slice(0, 12),
);
try {
  await build({
    logLevel: 'warn',
    // Bundle the dependencies too: Node's CommonJS interop would hand styled-components' CJS build to
    // `import styled from` as its exports object, not its default export.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/server/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
    },
  });
  const { renderPage } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);

  for (const { pathname, file, modules } of PAGES) {
    const { head, html, routePath } = await renderPage(pathname, { siteUrl, description });
    // The route's own <title> and head tags take the place of the template's <title>.
    const page = template
      .replace(META_CSP, () => metaCsp(head))
      .replace(TITLE, () => inlineScript.tag + head + appScriptsMeta(modules) + checkoutModuleMeta)
      .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered-route="${routePath}">${html}</div>`);
    writeFileSync(join(outDir, file), page);
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
  const moduleScripts = [...built.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)]
    .map(([, src]) => new URL(src, siteUrl).pathname)
    .sort();
  if (moduleScripts.length === 0) throw new Error('index.html has no module script to name the release by');
  writeFileSync(join(outDir, 'release.json'), `${JSON.stringify({ moduleScripts })}\n`);
  console.log(`prerendered ${PAGES.map(({ file }) => file).join(', ')} into ${outDir}`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
