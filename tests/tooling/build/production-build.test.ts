import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_STYLE_SOURCE,
  NGINX_CSP_LINE,
  contentSecurityPolicy,
  cspHashSource,
  headerPolicyOf,
} from '../../../build/content-security-policy';
import { INLINE_HERO_WIDTH } from '../../../build/inline-hero-image';
import { TEXT_EXTENSIONS } from '../../../build/precompress';
import { COLOURS, PRODUCT_IMAGE_WIDTHS, productImageUrl } from '@machines/catalog';
import { checkoutMachine } from '@machines/checkout-machine';
import { storefrontMachine } from '@machines/storefront-machine';
import {
  APP_ENTRY_META,
  APP_SCRIPTS_META,
  CHECKOUT_MODULE_META,
  PAGES,
  RELEASE_FILE,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_POLICY,
} from '@/lib/shared-names';
import enCheckout from '@/locales/en-checkout';
import { directiveOf, inlineScriptsOf } from '@support/inline-scripts';

/**
 * The production build as `npm run build` makes it (the client build, then the steps of
 * build/production-build.ts: prerender, release file, service worker, compressed copies), checked
 * without a browser: what the landing page loads before any interaction and how much of it, what
 * blocks its first render, the SEO tags of the prerendered pages, and what the service worker
 * precaches. Deterministic: the figures come from the built files, not from timings.
 */

/**
 * Ceilings for the landing page's JavaScript as sent, in bytes: the `.br` copies to a browser that
 * accepts brotli and the `.gz` copies to one that accepts only gzip (per file, summed), from the
 * landing page's limits in `bench/.size-limit.cjs`, the one place the budgets live (`npm run size` checks
 * them with size-limit; this test checks them on every `npm test`). Why they are where they are:
 * docs/performance.md.
 */
const LANDING_JS_CEILING_BYTES = (() => {
  const budgets = createRequire(import.meta.url)('../../../bench/.size-limit.cjs') as {
    name: string;
    path: string[];
    limit: string;
  }[];
  const ceiling = (copy: '.br' | '.gz') => {
    const budget = budgets.find(
      (candidate) => candidate.name.startsWith('landing') && candidate.path[0]!.endsWith(copy),
    );
    const kib = /^([\d.]+) KiB$/.exec(budget?.limit ?? '')?.[1];
    if (!kib) throw new Error(`.size-limit.cjs has no landing budget in KiB for its ${copy} copies`);
    return Math.round(Number(kib) * 1024);
  };
  return { '.br': ceiling('.br'), '.gz': ceiling('.gz') };
})();

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}

const outDir = resolve(`node_modules/.cache/build-test-${process.pid}`);
let manifest: Record<string, ManifestChunk>;
/** The lazily loaded checkout route's module, as the build manifest names it (from the page's meta). */
let CHECKOUT_MODULE: string;
const page = (file: string) => readFileSync(join(outDir, file), 'utf8');
/** The text of the page's inline `<style>` blocks. */
const stylesOf = (html: string) =>
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css!);

beforeAll(() => {
  execFileSync('npm', ['run', 'build', '--silent'], {
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', DIST_DIR: outDir },
    // Piped: a failing build's error output becomes the thrown error's message.
    encoding: 'utf8',
  });
  manifest = JSON.parse(page('.vite/manifest.json')) as Record<string, ManifestChunk>;
  const checkoutChunk = new RegExp(`<meta name="${CHECKOUT_MODULE_META}" content="([^"]+)">`).exec(
    page('index.html'),
  )?.[1];
  CHECKOUT_MODULE = chunkKey(checkoutChunk ?? 'index.html names no checkout chunk');
}, 300_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The manifest key of the chunk a site-root path like `/assets/index-x.js` belongs to. */
function chunkKey(path: string): string {
  const key = Object.keys(manifest).find((candidate) => `/${manifest[candidate]!.file}` === path);
  if (!key) throw new Error(`${path} is not in the build manifest`);
  return key;
}

/** `path` and every chunk it imports statically (site-root paths). */
function withStaticImports(path: string, seen = new Set<string>()): Set<string> {
  if (seen.has(path)) return seen;
  seen.add(path);
  for (const imported of manifest[chunkKey(path)]!.imports ?? [])
    withStaticImports(`/${manifest[imported]!.file}`, seen);
  return seen;
}

/**
 * The JavaScript an HTML page loads before any interaction: its module scripts, its modulepreloads and
 * the app its entry imports after the first paint (listed in `<meta name="app-scripts">`),
 * with their static imports.
 */
function scriptsLoadedBy(html: string): Set<string> {
  const appScripts =
    new RegExp(`<meta name="${APP_SCRIPTS_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ') ?? [];
  const referenced = [
    ...[...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((match) => match[1]!),
    ...[new RegExp(`<meta name="${APP_ENTRY_META}" content="([^"]+)"`).exec(html)?.[1] ?? ''].filter(Boolean),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1]!),
    ...appScripts,
  ];
  const loaded = new Set<string>();
  for (const path of referenced) withStaticImports(path, loaded);
  return loaded;
}

const copyBytes = (path: string) => readFileSync(join(outDir, path)).length;

describe('landing page JavaScript budget', () => {
  it.each(['.br', '.gz'] as const)('stays within the ceiling as sent (%s) before any interaction', (copy) => {
    const total = [...scriptsLoadedBy(page('index.html'))].reduce(
      (sum, path) => sum + copyBytes(path + copy),
      0,
    );
    console.info(`landing JS: ${total} bytes as ${copy}`);
    expect(total).toBeLessThanOrEqual(LANDING_JS_CEILING_BYTES[copy]);
  });

  it('does not load the checkout chunk, which the app imports on demand @R7.6', () => {
    const checkout = `/${manifest[CHECKOUT_MODULE]!.file}`;
    expect(scriptsLoadedBy(page('index.html'))).not.toContain(checkout);
    // Named once, as data: where a retry asks for it under a URL of its own.
    expect(page('index.html').split(checkout)).toHaveLength(2);
    expect(page('index.html')).toContain(`<meta name="${CHECKOUT_MODULE_META}" content="${checkout}">`);
    expect(manifest['src/boot/start.tsx']!.dynamicImports).toContain(CHECKOUT_MODULE);
  });

  it('lists the whole app for the entry to preload after the first paint, not before', () => {
    const html = page('index.html');
    const listed =
      new RegExp(`<meta name="${APP_SCRIPTS_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ') ?? [];
    const app = new Set<string>();
    for (const key of manifest['index.html']!.dynamicImports ?? [])
      withStaticImports(`/${manifest[key]!.file}`, app);
    app.delete(`/${manifest['index.html']!.file}`);
    expect(new Set(listed)).toEqual(app);
    expect(listed).toContain(`/${manifest['src/boot/start.tsx']!.file}`);
    for (const file of listed) expect(html).not.toContain(`href="${file}"`);
  });

  it('preloads the checkout chunk on /checkout, where hydration needs it', () => {
    expect(scriptsLoadedBy(page('checkout.html'))).toContain(`/${manifest[CHECKOUT_MODULE]!.file}`);
  });

  it("leaves the checkout's texts to its chunk and the worker's registration to once interactive", () => {
    const landingCode = [...scriptsLoadedBy(page('index.html'))].map((path) => page(path)).join('\n');
    const checkoutCode = page(manifest[CHECKOUT_MODULE]!.file);
    for (const text of [enCheckout.confirmed.title, enCheckout.payment.cardNumber]) {
      expect(landingCode).not.toContain(text);
      expect(checkoutCode).toContain(text);
    }
    const registration = manifest['src/features/releases/workbox-registration.ts'];
    expect(registration?.file).toMatch(/^assets\/workbox-registration-/);
    expect(scriptsLoadedBy(page('index.html'))).not.toContain(`/${registration!.file}`);
    expect(page(registration!.file)).toContain(SERVICE_WORKER_POLICY);
  });

  it("ships the machines without their descriptions (the statecharts' documentation), which nothing reads at run time", () => {
    /** Every `description` string of a machine's configuration, states and transitions alike. */
    const descriptionsIn = (config: unknown): string[] =>
      typeof config !== 'object' || config === null
        ? []
        : Object.entries(config).flatMap(([key, value]) =>
            key === 'description' && typeof value === 'string' ? [value] : descriptionsIn(value),
          );
    const descriptions = [storefrontMachine, checkoutMachine].flatMap((machine) =>
      descriptionsIn(machine.config),
    );
    expect(descriptions.length).toBeGreaterThan(30);
    const scripts = Object.values(manifest).map(({ file }) => page(file));
    for (const description of descriptions)
      for (const script of scripts) expect(script).not.toContain(description);
    expect(scripts.join('\n')).toContain('createMachine');
  });
});

describe('compile hints on the chunks the first taps run', () => {
  /** The emitted file of the chunk the build named `name` (`react`, `start`, `checkout-page`, …). */
  const chunkNamed = (name: string) => {
    const chunk = Object.values(manifest).find((candidate) => candidate.name === name);
    if (!chunk) throw new Error(`no chunk named ${name} in the build manifest`);
    return page(chunk.file);
  };

  it.each(['react', 'vendor', 'start', 'checkout-page'])(
    'the %s chunk asks V8 to compile all its functions eagerly, on its first line',
    (name) => {
      expect(chunkNamed(name).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    },
  );

  it.each(['index'])('the %s chunk is compiled lazily', (name) => {
    expect(chunkNamed(name)).not.toContain('allFunctionsCalledOnLoad');
  });
});

describe('hydration of the landing page in parts', () => {
  /** index.html's first match of `pattern` (an opening tag), with the 8 characters before it. */
  const openingOf = (pattern: RegExp) => {
    const match = pattern.exec(page('index.html'));
    if (!match) throw new Error(`no ${String(pattern)} in index.html`);
    return page('index.html').slice(Math.max(0, match.index - 8), match.index + match[0].length);
  };
  const section = (labelId: string) => new RegExp(`<section[^>]*aria-labelledby="${labelId}"`);

  // React hydrates a Suspense boundary of the server's markup (<!--$-->…<!--/$-->) in a render and
  // commit of its own, after the rest of the page.
  it.each(['features-title', 'how-it-works-title', 'testimonials-title', 'closing-title'])(
    'the section labelled by #%s, which reads no state, is a Suspense boundary of its own',
    (labelId) => {
      expect(openingOf(section(labelId))).toMatch(/^<!--\$--><section/);
    },
  );

  it('the footer is a Suspense boundary of its own', () => {
    expect(openingOf(/<footer\b/)).toMatch(/^<!--\$--><footer/);
  });

  it.each(['product-title', 'showcase-title', 'action-title'])(
    'the section labelled by #%s, which reads the colour, hydrates with the page',
    (labelId) => {
      expect(openingOf(section(labelId))).not.toContain('<!--$-->');
    },
  );
});

describe('render-blocking resources of the prerendered pages', () => {
  it.each(['index.html', 'checkout.html', '404.html'])(
    '%s blocks rendering on nothing but itself, one inline style block and the inline early-tap script',
    (file) => {
      const html = page(file);
      expect(html.match(/<style\b/g)).toHaveLength(1);
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      // Every other script either is a deferred module or is data (JSON-LD).
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
      expect(scripts.filter((attributes) => attributes === '')).toHaveLength(1);
      for (const attributes of scripts.filter(Boolean))
        expect(attributes).toMatch(/type="(module|application\/ld\+json)"/);
    },
  );

  it.each(['index.html', 'checkout.html', '404.html'])(
    '%s holds each rule of its critical CSS once',
    (file) => {
      const rules = stylesOf(page(file))[0]!
        .split('/*!sc*/')
        .map((rule) => rule.trim());
      expect(rules.filter((rule, index) => rule && rules.indexOf(rule) !== index)).toEqual([]);
    },
  );
});

describe('the early-tap script, inline so it listens before the page can be tapped', () => {
  const pages = ['index.html', 'checkout.html', '404.html'];

  it.each(pages)('%s carries it in <head>, its one script, allowed by its hash', (file) => {
    const html = page(file);
    const [earlyTaps, ...others] = inlineScriptsOf(html);
    expect(others).toEqual([]);
    expect(html.indexOf(earlyTaps!.code)).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(directiveOf(meta, 'script-src')).toEqual(["'self'", earlyTaps!.cspSource]);
  });

  it('leaves no global behind: it is wrapped in a function', () => {
    expect(inlineScriptsOf(page('index.html'))[0]!.code).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
  });

  it('carries the hero image, the landing page’s largest paint, inline at 720 px and preloads no image', () => {
    const html = page('index.html');
    const hero = /<img\b[^>]*\bfetchPriority="high"[^>]*>/.exec(html)?.[0] ?? '';
    const candidates = (/\bsrcSet="([^"]*)"/.exec(hero)?.[1] ?? '').split(', ');
    const inline = `data:image/webp;base64,${readFileSync(join(outDir, productImageUrl('hot-pink', INLINE_HERO_WIDTH))).toString('base64')}`;
    expect(candidates).toEqual([
      `${productImageUrl('hot-pink', 240)} 240w`,
      `${inline} ${INLINE_HERO_WIDTH}w`,
      `${productImageUrl('hot-pink', 960)} 960w`,
    ]);
    expect(html).not.toMatch(/<link rel="preload" as="image"/);
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(directiveOf(meta, 'img-src')).toEqual(["'self'", 'data:']);
  });
});

describe('product images', () => {
  it.each(COLOURS.map(({ id }) => id))(
    '%s comes in every width, as WebP, in the build @R3.2 @R7.3',
    (colourId) => {
      for (const width of PRODUCT_IMAGE_WIDTHS) {
        const file = readFileSync(join(outDir, productImageUrl(colourId, width)));
        expect(file.subarray(8, 12).toString('latin1'), `${colourId} ${width} px is WebP`).toBe('WEBP');
      }
    },
  );
});

describe('the Content Security Policy of the prerendered pages and of deploy/nginx.conf', () => {
  const pages = ['index.html', 'checkout.html', '404.html'];
  const metaPolicyOf = (html: string) =>
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';

  it.each(pages)(
    '%s carries the policy in <meta>, allowing its early-tap script and its own critical <style> by their hashes',
    (file) => {
      const html = page(file);
      const [earlyTaps] = inlineScriptsOf(html);
      const [critical] = stylesOf(html);
      expect(critical!.length).toBeGreaterThan(1000);
      expect(metaPolicyOf(html)).toBe(
        contentSecurityPolicy({
          scripts: [earlyTaps!.cspSource],
          styles: [cspHashSource(critical!)],
          meta: true,
        }),
      );
      expect(directiveOf(metaPolicyOf(html), 'style-src')).toEqual([
        EMPTY_STYLE_SOURCE,
        cspHashSource(critical!),
      ]);
      expect(directiveOf(metaPolicyOf(html), 'require-trusted-types-for')).toEqual(["'script'"]);
    },
  );

  it.each(pages)('%s has no style attribute, which a policy without unsafe-inline would refuse', (file) => {
    expect(page(file)).not.toMatch(/<[^>]+\sstyle=/i);
  });

  it("deploy/nginx.conf's header is the build's policy (after a change: `npm run csp:nginx`)", () => {
    const header = NGINX_CSP_LINE.exec(readFileSync('deploy/nginx.conf', 'utf8'))?.[1];
    const expected = headerPolicyOf(outDir);
    expect(header, `deploy/nginx.conf should send:\n${expected}`).toBe(expected);
    const [earlyTaps] = inlineScriptsOf(page('index.html'));
    expect(directiveOf(header ?? '', 'script-src')).toEqual(["'self'", earlyTaps!.cspSource]);
    expect(directiveOf(header ?? '', 'style-src')).toEqual([
      EMPTY_STYLE_SOURCE,
      ...pages.map((file) => cspHashSource(stylesOf(page(file))[0]!)),
    ]);
    expect(header).not.toContain('unsafe');
  });
});

describe('the compressed copies beside every text file', () => {
  /** Every deployed file below `directory` (site-root paths), hidden ones left out. */
  const filesUnder = (directory: string): string[] =>
    readdirSync(join(outDir, directory), { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith('.')) return [];
      const path = `${directory}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(path) : [path];
    });
  const textFiles = () =>
    filesUnder('').filter((path) => TEXT_EXTENSIONS.has(/\.[a-z]+$/.exec(path)?.[0] ?? ''));

  it('every script, page, SVG and JSON file has a .br and a .gz that decode to it, when smaller', () => {
    const files = textFiles();
    expect(files.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(5);
    for (const path of files) {
      const original = readFileSync(join(outDir, path));
      for (const [suffix, decode] of [
        ['.br', brotliDecompressSync],
        ['.gz', gunzipSync],
      ] as const) {
        const copy = join(outDir, path + suffix);
        if (existsSync(copy)) {
          const compressed = readFileSync(copy);
          expect(compressed.length, path + suffix).toBeLessThan(original.length);
          expect(decode(compressed).equals(original), path + suffix).toBe(true);
        } else expect(original.length, `${path} has no ${suffix}`).toBeLessThan(100);
      }
    }
  });

  it('brotli is at its densest: the landing scripts are at least 10% smaller than at gzip -9', () => {
    const scripts = [...scriptsLoadedBy(page('index.html'))];
    const sum = (suffix: string) =>
      scripts.reduce((total, path) => total + readFileSync(join(outDir, path + suffix)).length, 0);
    expect(sum('.br')).toBeLessThan(sum('.gz') * 0.9);
  });
});

describe('the prerendered checkout form (card data never leaves the page)', () => {
  const form = () => page('checkout.html').match(/<form\b[^>]*>/)?.[0] ?? '';
  const submitButton = () => page('checkout.html').match(/<button\b[^>]*type="submit"[^>]*>/)?.[0] ?? '';

  it('posts rather than gets, so a native submit can never put card fields in a URL', () => {
    expect(form()).toMatch(/method="post"/);
  });

  it('keeps its submit button disabled until the page hydrates', () => {
    expect(submitButton()).toMatch(/\sdisabled=""/);
  });
});

describe('SEO of the prerendered landing page', () => {
  const head = () => page('index.html').split('</head>')[0]!;
  const metaProperty = (property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(head())?.[1];

  it('has a title, a meta description and an absolute canonical URL', () => {
    expect(head()).toContain('<title>Pet Ball Pro – Interactive Electric Pet Ball</title>');
    expect(head()).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
    expect(head()).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/"\/>/);
  });

  it('has Open Graph tags for sharing', () => {
    for (const property of ['og:type', 'og:title', 'og:description', 'og:url', 'og:image'])
      expect(metaProperty(property), property).toBeTruthy();
    expect(metaProperty('og:image')).toMatch(/^https?:\/\//);
  });

  it('describes the product as JSON-LD with an in-stock offer at $21.98 and no ratings', () => {
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(head())?.[1];
    const product = JSON.parse(json ?? 'null') as Record<string, unknown>;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pet Ball Pro',
      offers: {
        '@type': 'Offer',
        price: '21.98',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(json).not.toMatch(/aggregateRating|"review"|ratingValue/);
  });

  it('serves robots.txt pointing to a sitemap of / and /checkout', () => {
    expect(page('robots.txt')).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(page('sitemap.xml')).toMatch(
      /<loc>https?:\/\/[^<]+\/<\/loc>[\s\S]*<loc>https?:\/\/[^<]+\/checkout<\/loc>/,
    );
  });

  it('names the release in release.json: the landing page’s entry module', () => {
    const entry = new RegExp(`<meta name="${APP_ENTRY_META}" content="([^"]+)"`).exec(
      page('index.html'),
    )?.[1];
    expect(entry).toBe(`/${manifest['index.html']!.file}`);
    expect(JSON.parse(page(RELEASE_FILE))).toEqual({ moduleScripts: [entry] });
  });

  it.each(Object.values(PAGES).map(({ file }) => file))(
    '%s loads no script of its own before its first paint: only the inline one, which imports the entry',
    (file) => {
      const html = page(file);
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).toContain(`<meta name="${APP_ENTRY_META}" content="/${manifest['index.html']!.file}">`);
    },
  );

  it('keeps the not-found page out of search indexes', () => {
    expect(page('404.html')).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the service worker and the web app manifest (docs/offline.md)', () => {
  /** The precache manifest written into sw.js: `[{ revision, url }, …]`. */
  const precache = () => {
    const list = /\[\{"revision":[^\]]*\]/.exec(page(SERVICE_WORKER_FILE))?.[0];
    if (!list) throw new Error('sw.js has no precache manifest');
    return JSON.parse(list) as { revision: string | null; url: string }[];
  };
  const md5 = (file: string) =>
    createHash('md5')
      .update(readFileSync(join(outDir, file)))
      .digest('hex');

  it('precaches every page by its route, revisioned by the page it serves', () => {
    expect(precache()).toEqual(
      expect.arrayContaining([
        { url: '/', revision: md5('index.html') },
        { url: '/checkout', revision: md5('checkout.html') },
        { url: '/404.html', revision: md5('404.html') },
      ]),
    );
    const urls = precache().map((entry) => entry.url);
    expect(urls.filter((url) => url.endsWith('.html'))).toEqual(['/404.html']);
  });

  it('precaches every hashed file, image and icon, and the manifest; never release.json or itself', () => {
    const urls = precache().map((entry) => entry.url);
    // The compressed copies beside the files are the server's to send, not the worker's to cache.
    const files = (dir: string) =>
      readdirSync(join(outDir, dir))
        .filter((name) => !/\.(br|gz)$/.test(name))
        .map((name) => `/${dir}/${name}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        ...files('assets'),
        ...files('images'),
        ...files('icons'),
        '/favicon.png',
        '/manifest.webmanifest',
      ]),
    );
    for (const never of [`/${RELEASE_FILE}`, `/${SERVICE_WORKER_FILE}`, '/robots.txt', '/sitemap.xml'])
      expect(urls).not.toContain(never);
    expect(urls.some((url) => url.startsWith('/.vite') || /\.(br|gz)$/.test(url))).toBe(false);
  });

  it('bundles Workbox in: no importScripts, no other origin', () => {
    const worker = page(SERVICE_WORKER_FILE);
    expect(worker).not.toMatch(/importScripts/);
    // The one absolute URL is in a warning Workbox logs for entries without a revision (none here).
    expect(worker.match(/https?:\/\/[^\s`'"]+/g)).toEqual(['https://bit.ly/wb-precache']);
  });

  it('is linked by every page’s inline script after the largest paint, not by its HTML; the theme colour is @R2.30', () => {
    const manifestFile = JSON.parse(page('manifest.webmanifest')) as { theme_color: string };
    for (const file of ['index.html', 'checkout.html', '404.html']) {
      expect(page(file)).not.toContain('<link rel="manifest"');
      expect(inlineScriptsOf(page(file))[0]!.code).toContain('/manifest.webmanifest');
      expect(page(file)).toContain(`<meta name="theme-color" content="${manifestFile.theme_color}"`);
    }
  });

  it("allows the worker and the manifest from the shop's origin, and its Trusted Types policy, in both policies", () => {
    const header = NGINX_CSP_LINE.exec(readFileSync('deploy/nginx.conf', 'utf8'))?.[1] ?? '';
    for (const file of ['index.html', 'checkout.html', '404.html']) {
      const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page(file))?.[1] ?? '';
      for (const policy of [meta, header]) {
        expect(directiveOf(policy, 'worker-src'), file).toEqual(["'self'"]);
        expect(directiveOf(policy, 'manifest-src'), file).toEqual(["'self'"]);
        expect(directiveOf(policy, 'trusted-types'), file).toContain(SERVICE_WORKER_POLICY);
      }
    }
  });
});
