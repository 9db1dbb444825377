import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kinds, startFaultServer, type FaultServer } from './fault-server';
import { readNginxHeaders } from './nginx-headers';

/**
 * The engine suite's server answers as deploy/nginx.conf does (routes, statuses, headers) and its
 * fault controls do what the engine tests rely on. Against a tiny build made here, over real sockets.
 */

const CHUNK = '/assets/checkout-page-AbCd1234.js';
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>landing</title>',
  'checkout.html': '<!doctype html><title>checkout</title>',
  '404.html': '<!doctype html><title>not found</title>',
  [CHUNK.slice(1)]: 'export const page = 1;',
  'assets/index-EfGh5678.js': 'import "./checkout-page-AbCd1234.js";',
  '.vite/manifest.json': '{}',
  'images/ball.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
};

/** Writes {@link FILES} (with `index.html` as given) into a new directory under `parent`. */
function makeBuild(parent: string, name: string, indexHtml = FILES['index.html'] ?? ''): string {
  const root = join(parent, name);
  for (const [path, text] of Object.entries({ ...FILES, 'index.html': indexHtml })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GETs `url` with Node's http client (no connection reuse). Rejects on a network error. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: { ...headers, Connection: 'close' }, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

let parent: string;
let server: FaultServer;

beforeEach(async () => {
  parent = mkdtempSync(join(tmpdir(), 'fault-server-'));
  server = await startFaultServer({ root: makeBuild(parent, 'dist') });
});
afterEach(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('routes, as deploy/nginx.conf', () => {
  it.each([
    ['/', 200, 'landing'],
    ['/checkout', 200, 'checkout'],
    ['/no-such-page', 404, 'not found'],
    ['/index.html', 404, 'not found'],
    ['/checkout.html', 404, 'not found'],
    ['/.vite/manifest.json', 404, 'not found'],
    ['/assets/', 404, 'not found'],
    ['/assets/missing-12345678.js', 404, 'not found'],
  ])('%s answers %i with the %s page', async (path, status, title) => {
    const answer = await get(server.url(path));
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(`<title>${title}</title>`);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('redirects /checkout/ to /checkout', async () => {
    const answer = await get(server.url('/checkout/'));
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/checkout');
  });

  it('serves a file whatever its query string', async () => {
    const answer = await get(server.url(`${CHUNK}?attempt=2`));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(FILES[CHUNK.slice(1)]);
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
  });

  it('answers a revalidation with 304 when the ETag matches', async () => {
    const first = await get(server.url('/'));
    const again = await get(server.url('/'), { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });
});

describe('headers, read from deploy/nginx.conf', () => {
  const names = readNginxHeaders('deploy/nginx.conf').names;
  const config = readFileSync('deploy/nginx.conf', 'utf8');

  it('sends every add_header of the file, on pages, files and errors', async () => {
    expect(names).toContain('Content-Security-Policy');
    for (const path of ['/', CHUNK, '/no-such-page']) {
      const answer = await get(server.url(path));
      for (const name of names) expect(answer.headers[name.toLowerCase()], `${name} on ${path}`).toBeTruthy();
    }
    const csp = /add_header Content-Security-Policy "([^"]+)"/.exec(config)?.[1];
    expect((await get(server.url('/'))).headers['content-security-policy']).toBe(csp);
  });

  it("sets Cache-Control by the file's map: hashed assets immutable, everything else no-cache", async () => {
    expect((await get(server.url(CHUNK))).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(server.url('/'))).headers['cache-control']).toBe('no-cache');
    expect((await get(server.url('/images/ball.svg'))).headers['cache-control']).toBe('no-cache');
    expect((await get(server.url('/assets/missing-12345678.js'))).headers['cache-control']).toBe('no-cache');
  });
});

describe('fault controls', () => {
  it('answers 503 to the next N requests of a kind, then serves it; records path and query', async () => {
    server.failNext(kinds.checkoutChunk, 2);
    const answers = [];
    for (let attempt = 1; attempt <= 3; attempt += 1)
      answers.push((await get(server.url(`${CHUNK}?attempt=${attempt}`))).status);
    expect(answers).toEqual([503, 503, 200]);
    expect((await get(server.url('/'))).status).toBe(200);
    expect(server.requests(kinds.checkoutChunk).map(({ query, status }) => [query, status])).toEqual([
      ['?attempt=1', 503],
      ['?attempt=2', 503],
      ['?attempt=3', 200],
    ]);
  });

  it('holds requests of a kind for the given time; others pass before them', async () => {
    server.hold(kinds.scripts, 300);
    const started = Date.now();
    const finished: string[] = [];
    await Promise.all([
      get(server.url(CHUNK)).then(() => {
        finished.push('script');
        expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      }),
      get(server.url('/')).then(() => finished.push('page')),
    ]);
    expect(finished).toEqual(['page', 'script']);
  });

  it('drops every connection until told to come back', async () => {
    server.dropConnections();
    await expect(get(server.url('/'))).rejects.toThrow();
    server.restoreConnections();
    expect((await get(server.url('/'))).status).toBe(200);
  });

  it('serves a new release: the previous hashed files are gone', async () => {
    const next = makeBuild(parent, 'next', '<!doctype html><title>next</title>');
    rmSync(join(next, CHUNK));
    server.serveRelease(next);
    expect((await get(server.url('/'))).body).toContain('<title>next</title>');
    expect((await get(server.url(CHUNK))).status).toBe(404);
  });

  it('reset clears the faults', async () => {
    server.failNext(kinds.all, 5);
    server.reset();
    expect((await get(server.url('/'))).status).toBe(200);
  });
});

describe('what the offline tests rely on', () => {
  it('serves the service worker, or with `serviceWorker: false` answers it 404 like any unknown path', async () => {
    expect((await get(server.url('/sw.js'))).status).toBe(200);
    const without = await startFaultServer({ root: join(parent, 'dist'), serviceWorker: false });
    try {
      const answer = await get(without.url('/sw.js'));
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('not found');
      expect((await get(without.url('/'))).status).toBe(200);
    } finally {
      await without.close();
    }
  });

  it('stops: its origin then refuses every connection, like a server that is down', async () => {
    expect((await get(server.url('/'))).status).toBe(200);
    await server.stop();
    await expect(get(server.url('/'))).rejects.toThrow(/ECONNREFUSED/);
  });
});
