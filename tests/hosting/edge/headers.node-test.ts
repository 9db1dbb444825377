import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

/**
 * The shop on Cloudflare's runtime answers as behind nginx: for every route and a sample of files,
 * the local Pages server (workerd, reading the build's `_headers` and `_redirects`) and nginx with
 * deploy/nginx.conf give the same status and the same security and cache headers. Where Pages cannot
 * answer as nginx does, {@link EDGE_ANSWERS} says what it answers instead, and that is checked too:
 * docs/deploy.md#on-a-cdn lists the same. Run by scripts/test/test-edge.ts, which serves one build at
 * EDGE_URL (wrangler pages dev) and NGINX_URL (nginx), built in DIST_DIR.
 */

const edgeURL = process.env.EDGE_URL ?? '';
const nginxURL = process.env.NGINX_URL ?? '';
const distDir = process.env.DIST_DIR ?? 'dist';

/** The headers compared: those nginx.conf adds to every answer, and where a redirect leads. */
const COMPARED = [
  'content-security-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cache-control',
  'location',
];

/** Pages' own `Cache-Control` on a 404, which `_headers` cannot change: stricter than nginx's `no-cache`. */
const EDGE_NOT_FOUND_CACHE = 'no-store';

/**
 * Paths Pages answers otherwise than nginx, and how (Pages' own rules for HTML files, and files it
 * cannot hide): the status, where it redirects, and its `Cache-Control` (null: none).
 */
const EDGE_ANSWERS: Record<string, { status: number; location?: string; cacheControl: string | null }> = {
  // Pages serves a page at its name without `.html` and redirects the `.html` URL there.
  '/index.html': { status: 308, location: '/', cacheControl: null },
  '/checkout.html': { status: 308, location: '/checkout', cacheControl: null },
  '/404.html': { status: 308, location: '/404', cacheControl: null },
  '/404': { status: 200, cacheControl: 'public, max-age=0, must-revalidate' },
  // Every file uploaded is served: the build's chunk graph, and nginx's compressed copies.
  '/.vite/manifest.json': { status: 200, cacheControl: 'public, max-age=0, must-revalidate' },
};

/** An answer as compared: the status and {@link COMPARED} headers (absent ones left out). */
interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** The answer of the server at `base` to a GET of `path`, redirects not followed. */
async function answerOf(base: string, path: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  const headers: Record<string, string> = {};
  for (const name of COMPARED) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = name === 'location' ? new URL(value, base).pathname : value;
  }
  return { status: response.status, headers };
}

/** The site-root paths of every hashed file, and of one file of each other folder. */
function sampleFiles(): string[] {
  const own = (folder: string) =>
    readdirSync(join(distDir, folder))
      .filter((file) => !/\.(br|gz)$/.test(file))
      .map((file) => `/${folder}/${file}`);
  return [...own('assets'), ...['images', 'icons'].map((folder) => own(folder)[0]!)];
}

const ROUTES = ['/', '/checkout', '/checkout?from=cart', '/checkout/'];
const FILES = [
  '/favicon.png',
  '/sw.js',
  '/release.json',
  '/manifest.webmanifest',
  '/robots.txt',
  '/sitemap.xml',
];
const NOT_FOUND = ['/no-such-page', '/checkout/extra', '/assets/missing.js', '/assets/', '/images/'];
/**
 * The build's rules files. Pages never serves them (404), but wrangler 4's local server answers both
 * with 502: after the file itself, which it hides, it looks for `/_headers/index.html`, and its
 * `lstatSync(…, { throwIfNoEntry: false })` throws ENOTDIR there instead of finding nothing (wrangler
 * 4.164, src/miniflare-cli/assets.ts). So they are checked for what matters: never served.
 */
const RULES_FILES = ['/_headers', '/_redirects'];

before(() => {
  assert.ok(edgeURL && nginxURL, 'EDGE_URL and NGINX_URL are not set: run through `npm run test:edge`');
});

test('every route and file answers with the status and headers nginx gives it', async () => {
  const paths = [...ROUTES, ...FILES, ...sampleFiles()];
  for (const path of paths) {
    const [edge, nginx] = await Promise.all([answerOf(edgeURL, path), answerOf(nginxURL, path)]);
    assert.equal(nginx.status < 400, true, `nginx answers ${path} with ${nginx.status}`);
    assert.deepEqual(edge, nginx, path);
  }
  console.log(`${paths.length} paths compared`);
});

test("unknown paths answer 404 with the not-found page and nginx's security headers", async () => {
  const page = await (await fetch(`${nginxURL}/no-such-page`)).text();
  for (const path of NOT_FOUND) {
    const [edge, nginx] = await Promise.all([answerOf(edgeURL, path), answerOf(nginxURL, path)]);
    assert.equal(nginx.status, 404, `nginx: ${path}`);
    assert.deepEqual(
      edge,
      { ...nginx, headers: { ...nginx.headers, 'cache-control': EDGE_NOT_FOUND_CACHE } },
      path,
    );
  }
  const onEdge = await fetch(`${edgeURL}/no-such-page`);
  assert.equal(await onEdge.text(), page, 'the not-found page, as nginx sends it');
});

test('the rules files are never served', async () => {
  for (const path of RULES_FILES) {
    const rules = readFileSync(join(distDir, path), 'utf8');
    const [edge, nginx] = await Promise.all([fetch(`${edgeURL}${path}`), fetch(`${nginxURL}${path}`)]);
    assert.equal(nginx.status, 404, `nginx: ${path}`);
    assert.ok(edge.status >= 400, `Pages answers ${path} with ${edge.status}`);
    assert.ok(!(await edge.text()).includes(rules), `Pages sends the content of ${path}`);
    await nginx.arrayBuffer();
  }
});

test('where Pages answers otherwise, it answers as docs/deploy.md says, with the security headers', async () => {
  const script = sampleFiles().find((path) => path.endsWith('.js'))!;
  const answers = {
    ...EDGE_ANSWERS,
    [`${script}.br`]: { status: 200, cacheControl: 'public, max-age=31536000, immutable' },
  };
  const security = (await answerOf(nginxURL, '/')).headers;
  delete security['cache-control'];
  for (const [path, expected] of Object.entries(answers)) {
    const edge = await answerOf(edgeURL, path);
    const { 'cache-control': cacheControl = null, location, ...rest } = edge.headers;
    assert.deepEqual(
      { status: edge.status, location, cacheControl },
      { location: undefined, ...expected },
      path,
    );
    assert.deepEqual(rest, security, path);
    assert.equal((await answerOf(nginxURL, path)).status, 404, `nginx: ${path}`);
  }
});
