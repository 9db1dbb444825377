/**
 * build/cdn-rules.ts: the build's `_headers` and `_redirects`, generated from deploy/nginx.conf. Read
 * the way Cloudflare Pages reads them (every matching rule applies, a repeated header's values joined
 * with commas), each covered path gets exactly nginx's headers; the same local server checks them for
 * real in tests/edge/ (`npm run test:edge`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cdnRulesOf } from '../../../build/cdn-rules';
import { readNginxSite } from '../../../build/nginx-site';

const FILES = [
  '/index.html',
  '/checkout.html',
  '/404.html',
  '/index.html.br',
  '/assets/start-a1b2c3.js',
  '/assets/start-a1b2c3.js.br',
  '/assets/landing-d4e5f6.css',
  '/images/ball-blue-640.webp',
  '/icons/icon-192.png',
  '/favicon.png',
  '/sw.js',
  '/release.json',
  '/manifest.webmanifest',
  '/robots.txt',
  '/_headers',
  '/.vite/manifest.json',
];

/** The headers `_headers` gives `path` where every matching rule applies, joined as Cloudflare does. */
function headersOnCdn(rules: string, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let matches = false;
  for (const line of rules.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (line.startsWith('/')) {
      const pattern = new RegExp(`^${line.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      matches = pattern.test(path);
    } else if (matches) {
      const [name, ...value] = line.trim().split(': ');
      headers[name!] =
        headers[name!] === undefined ? value.join(': ') : `${headers[name!]}, ${value.join(': ')}`;
    }
  }
  return headers;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('cdnRulesOf', () => {
  const site = readNginxSite();
  const rules = cdnRulesOf(site, FILES);
  const isFile = (uri: string) => FILES.includes(uri);

  it.each([
    '/',
    '/checkout',
    '/checkout/',
    ...FILES.filter((file) => site.answer(file, isFile).status === 200),
  ])('gives %s the headers nginx gives it, each by one rule', (path) => {
    expect(headersOnCdn(rules.headers, path)).toEqual(site.answer(path, isFile).headers);
  });

  it('caches hashed assets for a year and revalidates the pages and the service worker', () => {
    expect(headersOnCdn(rules.headers, '/assets/start-a1b2c3.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/checkout', '/sw.js', '/release.json'])
      expect(headersOnCdn(rules.headers, path)['Cache-Control'], path).toBe('no-cache');
  });

  it('gives an unknown path the security headers, with the same Content-Security-Policy as nginx', () => {
    const notFound = site.answer('/no-such-page', isFile);
    expect(notFound.status).toBe(404);
    const { 'Cache-Control': _, ...security } = notFound.headers;
    expect(headersOnCdn(rules.headers, '/no-such-page')).toEqual(security);
  });

  it("writes nginx's redirect of /checkout/", () => {
    expect(rules.redirects.split('\n').filter((line) => line.startsWith('/'))).toEqual([
      '/checkout/ /checkout 301',
    ]);
  });

  it('refuses a header nginx adds to some statuses only, which a CDN cannot give alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-rules-'));
    dirs.push(dir);
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      'server {\nadd_header X-Frame-Options "DENY";\nlocation / { try_files $uri =404; }\n}\n',
    );
    expect(() => cdnRulesOf(readNginxSite(conf), FILES)).toThrow(/X-Frame-Options without "always"/);
  });
});
