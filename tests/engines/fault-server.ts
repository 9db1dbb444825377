import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, posix, resolve } from 'node:path';
import { readNginxHeaders, type NginxHeaders } from './nginx-headers';

/**
 * The engine suite's web server: serves a production build the way deploy/nginx.conf does (its routes,
 * its headers, and each file's precompressed copy to a browser that accepts it), and lets a
 * test break it on purpose (503s, slow answers, dropped connections, a new release mid-visit). One
 * server per test: its own port is its own origin, so no test sees another's faults, cache or storage.
 */

/** A kind of request a fault applies to, matched on the path (the query string is ignored). */
export interface RequestKind {
  /** For messages, e.g. 'the checkout chunk'. */
  readonly name: string;
  /** True for the site-root paths of this kind, e.g. `/assets/checkout-page-AbC.js`. */
  readonly matches: (path: string) => boolean;
}

/** The kinds of request the tests break. */
export const kinds = {
  /** The checkout page's code: `/assets/checkout-page-<hash>.js` (any `?attempt=N`). */
  checkoutChunk: { name: 'the checkout chunk', matches: (path) => path.startsWith('/assets/checkout-page-') },
  /** Every script: `*.js`. */
  scripts: { name: 'every script', matches: (path) => path.endsWith('.js') },
  /** One exact path, e.g. `path('/')` for the landing page. */
  path: (exact: string): RequestKind => ({ name: exact, matches: (path) => path === exact }),
  /** Every request. */
  all: { name: 'every request', matches: () => true },
} satisfies Record<string, RequestKind | ((exact: string) => RequestKind)>;

/** One request the server saw. */
export interface RecordedRequest {
  /** Site-root path, decoded, e.g. `/assets/checkout-page-AbC.js`. */
  readonly path: string;
  /** The query string with its `?`, or `''`. */
  readonly query: string;
  /** When it arrived, in ms since the server started. */
  readonly at: number;
  /** The status answered; `'dropped'` when the connection was cut; `null` while held or in flight. */
  status: number | 'dropped' | null;
}

/** A running fault server. Every control applies to requests arriving after the call. */
export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `origin` + `path`, e.g. `url('/checkout')`. */
  url(path: string): string;
  /** Answers the next `count` requests of `kind` with `status` (default 503) and no body worth reading. */
  failNext(kind: RequestKind, count: number, status?: number): void;
  /** Holds every request of `kind` for `ms` (milliseconds) before answering it, until {@link reset}. */
  hold(kind: RequestKind, ms: number): void;
  /** Cuts every open connection and every new one (a reset) until {@link restoreConnections}. */
  dropConnections(): void;
  /** Accepts connections again after {@link dropConnections}. */
  restoreConnections(): void;
  /** Serves the build in `dir` from now on (a deploy): the previous release's hashed files are gone. */
  serveRelease(dir: string): void;
  /**
   * The Content Security Policy violations the browser reported (including Trusted Types), one line
   * each: `<effective directive> blocked <blocked URI> at <source file>:<line>`. Every response carries
   * its production policy a second time as `Content-Security-Policy-Report-Only` with a `report-uri`
   * on this server: the same rules, reported here by every engine (the enforced header is unchanged).
   */
  cspReports(): string[];
  /** The requests seen so far, in arrival order; only those of `kind` when given. */
  requests(kind?: RequestKind): RecordedRequest[];
  /** Clears every fault (failures, holds, dropped connections); keeps the release and the record. */
  reset(): void;
  /**
   * Stops the server mid-test, cutting open connections: from now on its origin refuses every
   * connection, as a server that is down (or a shopper with no network) does, the same in every engine.
   */
  stop(): Promise<void>;
  /** Stops the server, cutting open connections (nothing more to do after {@link stop}). */
  close(): Promise<void>;
}

/** Options of {@link startFaultServer}. */
export interface FaultServerOptions {
  /** The production build to serve (`npm run build` output, e.g. `dist-engines`). */
  root: string;
  /** The nginx configuration whose headers to send; default deploy/nginx.conf. */
  nginxConfig?: string;
  /** Port; default 0 (a free one). */
  port?: number;
  /**
   * `false`: the host serves no service worker (`/sw.js` is an unknown path, a 404), so pages stay as a
   * first visit finds them before the worker is in control, every request reaching the server. Default true.
   */
  serviceWorker?: boolean;
}

/** nginx's mime.types for the files a build holds; `charset_types` also get `; charset=utf-8`. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** What nginx.conf answers for a path: the file to send (site-root URI) and the status. */
type Route = { kind: 'file'; uri: string; status: 200 | 404 } | { kind: 'redirect'; location: string };

/**
 * Maps a request path to what deploy/nginx.conf serves: `/` → /index.html, `/checkout` →
 * /checkout.html (else /index.html), `/checkout/` → 301 /checkout; `*.html`, the compressed copies
 * (`*.br`, `*.gz`), dot-files and paths ending in `/` are unknown; other paths are files of the build; anything unknown is 404 with /404.html (else
 * /index.html, as the SPA fallback does).
 */
function route(root: string, path: string): Route {
  const isFile = (uri: string) => {
    const file = join(root, uri);
    return existsSync(file) && statSync(file).isFile();
  };
  const notFound: Route = {
    kind: 'file',
    uri: isFile('/404.html') ? '/404.html' : '/index.html',
    status: 404,
  };
  if (path === '/')
    return isFile('/index.html') ? { kind: 'file', uri: '/index.html', status: 200 } : notFound;
  if (path === '/checkout') {
    const uri = ['/checkout.html', '/checkout/index.html', '/index.html'].find(isFile);
    return uri ? { kind: 'file', uri, status: 200 } : notFound;
  }
  if (path === '/checkout/') return { kind: 'redirect', location: '/checkout' };
  if (/\.(html|br|gz)$/.test(path) || path.includes('/.') || path.endsWith('/')) return notFound;
  return isFile(path) ? { kind: 'file', uri: path, status: 200 } : notFound;
}

/**
 * The compressed copy nginx.conf's `brotli_static` / `gzip_static` send for `file`: its `.br` when the
 * browser accepts br, else its `.gz` when it accepts gzip, when the build wrote one.
 */
function encodedCopy(file: string, acceptEncoding: string): { file: string; encoding?: 'br' | 'gzip' } {
  const accepts = (coding: string) =>
    acceptEncoding.split(',').some((part) => {
      const [name = '', ...params] = part.trim().split(';');
      return name.trim() === coding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    });
  if (accepts('br') && existsSync(`${file}.br`)) return { file: `${file}.br`, encoding: 'br' };
  if (accepts('gzip') && existsSync(`${file}.gz`)) return { file: `${file}.gz`, encoding: 'gzip' };
  return { file };
}

/** Where the browser posts its reports of violations of the report-only copy of the policy. */
const CSP_REPORTS_PATH = '/__csp-reports';

/**
 * The headers of nginx.conf for `uri`, plus the report-only copy of its Content Security Policy that
 * makes the browser report every violation to {@link CSP_REPORTS_PATH}.
 */
function withReporting(headers: Record<string, string>): Record<string, string> {
  const policy = headers['Content-Security-Policy'];
  return policy === undefined
    ? headers
    : { ...headers, 'Content-Security-Policy-Report-Only': `${policy}; report-uri ${CSP_REPORTS_PATH}` };
}

/** nginx's ETag: modification time and size in hex. */
const etagOf = (mtimeMs: number, size: number) =>
  `"${Math.floor(mtimeMs).toString(16)}-${size.toString(16)}"`;

/**
 * Starts a fault server on 127.0.0.1 (see the file's header and {@link FaultServer}).
 * @throws when `root` has no index.html or the nginx configuration cannot be read.
 */
export async function startFaultServer(options: FaultServerOptions): Promise<FaultServer> {
  let root = resolve(options.root);
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root} has no index.html: build first`);
  const nginxHeaders: NginxHeaders = readNginxHeaders(options.nginxConfig ?? resolve('deploy/nginx.conf'));
  const headers = { for: (uri: string) => withReporting(nginxHeaders.for(uri)) };
  const cspReports: string[] = [];
  const withoutWorker = options.serviceWorker === false;
  const started = Date.now();
  const log: RecordedRequest[] = [];
  let failures: { kind: RequestKind; remaining: number; status: number }[] = [];
  let holds: { kind: RequestKind; ms: number }[] = [];
  let dropping = false;
  const sockets = new Set<Socket>();

  const cut = (socket: Socket) => {
    if (socket.destroyed) return;
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
  };

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    record: RecordedRequest,
  ) => {
    if (request.socket.destroyed) {
      record.status = 'dropped';
      return;
    }
    const failure = failures.find((candidate) => candidate.remaining > 0 && candidate.kind.matches(path));
    if (failure) {
      failure.remaining -= 1;
      // An injected failure is not cacheable whatever nginx.conf's map says for its URI: the test
      // checks the page's recovery, not the browser's cache.
      response.writeHead(failure.status, {
        ...headers.for('/__fault'),
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      response.end('Service Unavailable\n');
      record.status = failure.status;
      return;
    }
    const target: Route =
      withoutWorker && path === '/sw.js'
        ? { kind: 'file', uri: '/404.html', status: 404 }
        : route(root, path);
    if (target.kind === 'redirect') {
      response.writeHead(301, { ...headers.for(path), Location: target.location, 'Content-Length': '0' });
      response.end();
      record.status = 301;
      return;
    }
    const original = join(root, target.uri);
    const { file, encoding } = encodedCopy(original, String(request.headers['accept-encoding'] ?? ''));
    const stats = statSync(file);
    const etag = etagOf(stats.mtimeMs, stats.size);
    const hasCopies = existsSync(`${original}.br`) || existsSync(`${original}.gz`);
    const common = {
      ...headers.for(target.uri),
      'Content-Type': CONTENT_TYPES[extname(original)] ?? 'application/octet-stream',
      'Last-Modified': stats.mtime.toUTCString(),
      ETag: etag,
      ...(hasCopies ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    };
    if (target.status === 200 && request.headers['if-none-match'] === etag) {
      response.writeHead(304, common);
      response.end();
      record.status = 304;
      return;
    }
    response.writeHead(target.status, { ...common, 'Content-Length': String(stats.size) });
    record.status = target.status;
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };

  const server = createServer((request, response) => {
    let path: string;
    let query: string;
    try {
      const url = new URL(request.url ?? '/', 'http://fault-server');
      path = posix.normalize(decodeURIComponent(url.pathname));
      query = url.search;
    } catch {
      response.writeHead(400, headers.for('/400'));
      response.end();
      return;
    }
    if (path === CSP_REPORTS_PATH && request.method === 'POST') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        try {
          const report = (JSON.parse(body) as { 'csp-report'?: Record<string, unknown> })['csp-report'] ?? {};
          const field = (name: string) => String(report[name] ?? '');
          cspReports.push(
            `${field('effective-directive') || field('violated-directive')} blocked ${field('blocked-uri') || 'inline'} at ${field('source-file')}:${field('line-number')}`,
          );
        } catch {
          cspReports.push(`unreadable report: ${body.slice(0, 200)}`);
        }
        response.writeHead(204);
        response.end();
      });
      return;
    }
    const record: RecordedRequest = { path, query, at: Date.now() - started, status: null };
    log.push(record);
    if (dropping) {
      record.status = 'dropped';
      cut(request.socket);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers.for(path), 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method Not Allowed\n');
      record.status = 405;
      return;
    }
    const hold = holds
      .filter((candidate) => candidate.kind.matches(path))
      .reduce((ms, h) => Math.max(ms, h.ms), 0);
    if (hold > 0) setTimeout(() => send(request, response, path, record), hold);
    else send(request, response, path, record);
  });
  server.on('connection', (socket) => {
    if (dropping) {
      cut(socket);
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= new Promise<void>((resolveClose) => {
      for (const socket of sockets) cut(socket);
      server.close(() => resolveClose());
    });
    return stopped;
  }

  return {
    origin,
    url: (path) => `${origin}${path}`,
    failNext: (kind, count, status = 503) => {
      failures.push({ kind, remaining: count, status });
    },
    hold: (kind, ms) => {
      holds.push({ kind, ms });
    },
    dropConnections: () => {
      dropping = true;
      for (const socket of sockets) cut(socket);
      for (const record of log) if (record.status === null) record.status = 'dropped';
    },
    restoreConnections: () => {
      dropping = false;
    },
    serveRelease: (dir) => {
      const next = resolve(dir);
      if (!existsSync(join(next, 'index.html'))) throw new Error(`${next} has no index.html`);
      root = next;
    },
    cspReports: () => [...cspReports],
    requests: (kind) => log.filter((record) => !kind || kind.matches(record.path)),
    reset: () => {
      failures = [];
      holds = [];
      dropping = false;
    },
    stop,
    close: stop,
  };
}
