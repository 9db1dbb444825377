import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort } from '../../../scripts/hosting/nginx';
import { expect, test as base } from '@support/playwright/fixtures';
import { getRaw } from '@support/playwright/raw-get';
import { assetOf, DIST_DIR } from '@support/playwright/releases';
import { RELEASE_FILE, SERVICE_WORKER_FILE } from '@/lib/shared-names';

/**
 * `npm start` where nginx lacks what deploy/nginx.conf needs: scripts/hosting/serve.ts, given an nginx without
 * the brotli_static module (as Homebrew's), serves the build with Node (scripts/hosting/node-server.ts). Checked
 * against nginx itself, the suite's server in `npm run test:nginx` (playwright.config.ts collects
 * tests/hosting/nginx/*.spec.ts only then): every route answers with nginx's status, headers and body, and the shop
 * becomes interactive in Chromium. Tagged @local-build: it serves this checkout's build.
 */

/** The Node server `npm start` falls back to, started once per worker. */
interface Fallback {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** What scripts/hosting/serve.ts printed on starting. */
  readonly printed: string;
}

const test = base.extend<object, { fallback: Fallback }>({
  fallback: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'pet-ball-no-brotli-'));
      // What scripts/hosting/nginx.ts asks an nginx before serving with it is `nginx -V`: this one's modules
      // directory has no brotli_static.
      const nginx = join(dir, 'nginx');
      writeFileSync(nginx, `#!/bin/sh\necho "configure arguments: --modules-path=${dir}/modules" >&2\n`);
      chmodSync(nginx, 0o755);
      const port = await freePort();
      const server = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/hosting/serve.ts', '--port', String(port)],
        {
          env: { ...process.env, NGINX_PATH: nginx },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      const printed = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.setEncoding('utf8');
        server.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('\n')) resolve(output);
        });
        void exited.then(() =>
          reject(new Error(`scripts/hosting/serve.ts exited before serving: ${output}`)),
        );
      });
      await use({ origin: `http://127.0.0.1:${port}`, printed });
      server.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** A body as decoded by its Content-Encoding. */
function decoded({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

/** Headers of one connection or one copy of a file, which two servers never share. */
const OWN_HEADERS = new Set([
  'date',
  'server',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'accept-ranges',
  'etag',
  'last-modified',
]);

/**
 * The differences scripts/hosting/node-server.ts names (UNLIKE_NGINX) taken out of nginx's headers: its
 * scripts are application/javascript with a charset, and it gzips a text file under 1 KiB that has
 * no copy of its own on the fly.
 */
function withoutNamedDifferences(
  path: string,
  status: number,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  // The file itself is the answer only with 200: /_redirects is a small file, but its answer is the
  // not-found page.
  const file = join(DIST_DIR, path);
  const small =
    status === 200 &&
    existsSync(file) &&
    statSync(file).isFile() &&
    statSync(file).size < 1024 &&
    !existsSync(`${file}.gz`);
  const named: IncomingHttpHeaders = {
    ...headers,
    'content-type': headers['content-type']?.replace(
      'application/javascript; charset=utf-8',
      'text/javascript',
    ),
  };
  if (small && headers['content-encoding'] === 'gzip') delete named['content-encoding'];
  return named;
}

/** The paths compared: every route of docs/deploy.md's table, and paths nginx normalises. */
const paths = () => {
  const script = assetOf(DIST_DIR, 'checkout-page');
  return [
    '/',
    '/checkout',
    '/checkout?from=cart',
    '/checkout/',
    '/checkout/extra',
    '/no-such-page',
    '/index.html',
    '/checkout.html',
    '/404.html',
    script,
    `${script}.br`,
    '/assets/missing.js',
    '/assets/',
    '/images/',
    '/images',
    '/.vite/manifest.json',
    '/_headers',
    '/_redirects',
    '/favicon.png',
    `/${SERVICE_WORKER_FILE}`,
    `/${RELEASE_FILE}`,
    '/manifest.webmanifest',
    '/robots.txt',
    '/sitemap.xml',
    '//checkout',
    '/images/../checkout',
    '/%2e%2e/package.json',
  ];
};

test.describe('npm start without nginx', { tag: '@local-build' }, () => {
  test.describe.configure({ mode: 'default' });

  test('prints in one line that Node serves, why not nginx, and what differs from production', ({
    fallback,
  }) => {
    expect(fallback.printed).toMatch(
      new RegExp(
        `^The shop is served at ${fallback.origin}/ with Node \\(Vite's preview server\\) by ` +
          "deploy/nginx.conf's routes, headers and compressed copies, as \\S+/nginx has no brotli_static " +
          'module \\(.*\\); unlike production, .+\\. Ctrl-C stops it\\.\\n$',
      ),
    );
  });

  test("answers every route with nginx's status, headers and body, as each Accept-Encoding asks", async ({
    fallback,
    baseURL,
  }) => {
    const added = Object.fromEntries(
      [
        ...readFileSync('deploy/nginx.conf', 'utf8').matchAll(/^\s*add_header ([\w-]+) "([^"]*)" always;/gm),
      ].map(([, name, value]) => [name!.toLowerCase(), value!]),
    );
    expect(Object.keys(added), "deploy/nginx.conf's headers").toContain('content-security-policy');
    for (const path of paths())
      for (const accept of ['gzip, deflate, br, zstd', 'gzip, deflate', undefined]) {
        const label = `${path} with Accept-Encoding: ${accept ?? '(none)'}`;
        const [nginx, node] = await Promise.all([
          getRaw(baseURL!, path, accept),
          getRaw(fallback.origin, path, accept),
        ]);
        expect.soft(node.status, label).toBe(nginx.status);
        const own = (headers: IncomingHttpHeaders) =>
          Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name)));
        expect
          .soft(own(node.headers), label)
          .toEqual(own(withoutNamedDifferences(path, nginx.status, nginx.headers)));
        expect.soft(node.headers, `${label}: deploy/nginx.conf's headers`).toMatchObject(added);
        // The bodies of files (pages, the not-found page), not of nginx's own pages for a redirect or a 400.
        if (nginx.status === 200 || nginx.status === 404)
          expect.soft(decoded(node).equals(decoded(nginx)), `${label}: the body nginx sends`).toBe(true);
      }
  });

  test.describe('in Chromium', () => {
    test.use({ baseURL: async ({ fallback }, use) => use(fallback.origin) });

    test('the shop becomes interactive: a purchase reaches the checkout, an unknown path the not-found page', async ({
      page,
      shop,
    }) => {
      await shop.open('/');
      await shop.fillCart();
      await shop.openCart();
      await shop.proceed();
      await shop.seeCheckoutWith();
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await shop.seeNotFound();
    });
  });
});
