import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import {
  nextReleaseNames,
  pageRevision,
  renameAssets,
  reviseWorkerPages,
} from '@support/fixtures/make-next-release';
import { serveWithNginx } from '../../../scripts/hosting/nginx';
import { PAGES, RELEASE_FILE, SERVICE_WORKER_FILE } from '../../../src/lib/shared-names';

/**
 * The test house's one server: the production server itself (Debian's nginx with deploy/nginx.conf,
 * scripts/hosting/nginx.ts) serving a copy of a build, or any deployment (`upstream`), behind a thin fault
 * layer that breaks it the way the world does: a request held, a 503, a connection dropped, the
 * server gone, a new release deployed. The layer adds nothing of nginx's: routes, statuses, headers
 * and compression all come from upstream (but a deployment's `/sw.js` when told to leave the worker
 * out, see {@link ServerOptions}, and, once told to, the next release of a deployment it presents
 * itself, see {@link FaultServer.serveRelease}). One server per test: its own port is its own
 * origin, so no test sees another's faults, cache or storage.
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
  /** When it arrived, in ms since the epoch (`Date.now()`, the page's `performance.timeOrigin` clock). */
  readonly at: number;
  /**
   * The status answered; `'dropped'` when the connection was cut; `'broken off'` when it was closed
   * halfway through the body; `null` while held or in flight.
   */
  status: number | 'dropped' | 'broken off' | null;
}

/** A running server. Every control applies to requests arriving after the call. */
export interface FaultServer {
  /** `http://127.0.0.1:<port>`: the fault layer, the origin the browser talks to. */
  readonly origin: string;
  /** `origin` + `path`, e.g. `url('/checkout')`. */
  url(path: string): string;
  /**
   * Answers the next `count` requests of `kind` with `status` (default 503) and no body worth reading;
   * or, with `'broken off'`, starts the real answer and closes the connection halfway through its body
   * (a download that breaks off: no engine retries a request whose answer has begun).
   */
  failNext(kind: RequestKind, count: number, status?: number | 'broken off'): void;
  /**
   * Holds every request of `kind` before passing it on, until {@link reset}: for `ms` milliseconds, or
   * until the promise `released` settles (a hold that does not depend on how fast the page is).
   */
  hold(kind: RequestKind, ms: number | Promise<unknown>): void;
  /** Cuts every open connection and every new one (a reset) until {@link restoreConnections}. */
  dropConnections(): void;
  /** Accepts connections again after {@link dropConnections}. */
  restoreConnections(): void;
  /**
   * Deploys a new release, all at once and without keeping the previous release's files (a careless
   * deploy). With a `root` build: `release` is the directory of the build to serve in its place
   * (tests/support/fixtures/make-next-release.ts makes such a build). In front of a deployment (`upstream`), which
   * has no files to replace: `release` is `{ salt }` and the layer presents the deployment's next
   * release itself, as make-next-release.ts would make it from the deployed files: every
   * content-hashed file of `/assets/` under a new name (`nextReleaseNames`, seeded by `salt`; the
   * deployment's names are read from its worker's precache manifest, its pages and its release
   * file), so a request for a new name gets the deployed file and one for an old name the
   * deployment's own answer to a file that does not exist (nginx.conf: a 404); and every text answer
   * (pages, scripts, styles, `release.json`, `sw.js` with its pages' revisions anew, the manifest)
   * names the new files. Upstream is asked for those uncompressed and without its validators, and
   * the layer sends them uncompressed with their length, an ETag and a Last-Modified of their own;
   * every other header is upstream's. Requests arriving after the call wait until the layer has read
   * the deployment's names (a few requests to upstream); if it cannot, they are answered 502 and the
   * reason is printed. Nothing is changed before the call.
   * @throws when `release` does not fit the server: a directory without index.html or in front of a
   * deployment, or a salt with a `root` build.
   */
  serveRelease(release: string | { salt: string }): void;
  /**
   * The Content Security Policy violations the browser reported (including Trusted Types), one line
   * each: `<effective directive> blocked <blocked URI> at <source file>:<line>`. The layer repeats each
   * response's policy as `Content-Security-Policy-Report-Only` with a `report-uri` of its own, so every
   * engine reports to it what the enforced policy blocks.
   */
  cspReports(): string[];
  /** The requests seen so far, in arrival order; only those of `kind` when given. */
  requests(kind?: RequestKind): RecordedRequest[];
  /** Clears every fault (failures, holds, dropped connections); keeps the release and the record. */
  reset(): void;
  /**
   * The server goes down mid-test: from now on its origin refuses every connection, as a server that
   * is down (or a shopper with no network) does, the same in every engine.
   */
  stop(): Promise<void>;
  /** Stops the layer and nginx and removes the copy of the build. */
  close(): Promise<void>;
}

/**
 * Options of {@link startServer}: serve a `root` build with nginx, or sit in front of `upstream`; the
 * layer listens on `port`, or a free one.
 */
export type ServerOptions = {
  port?: number;
  /**
   * `false`: no `/sw.js` (a 404, as on a host that never had the worker), so pages stay as a first
   * visit finds them, every request reaching the server. The copy of a `root` build lacks the file, so
   * nginx answers; in front of `upstream` the layer answers it, the one route of its own: the
   * worker's install would otherwise download files the test holds or fails for the page. Default true.
   */
  serviceWorker?: boolean;
} & (
  | {
      /** A production build (`npm run build` output) to serve with nginx. */
      root: string;
    }
  | {
      /** The origin of a deployment, e.g. `https://staging.example.com` (BASE_URL). */
      upstream: string;
    }
);

/** The ports fault layers of this process have listened on: each test's origin is new to the browser. */
const originsUsed = new Set<number>();

/** Where the browser posts its reports of violations of the report-only copy of the policy. */
const CSP_REPORTS_PATH = '/__csp-reports';

/**
 * How long the layer keeps an idle connection to upstream for the next request, in ms. Below the 5 s
 * after which workerd (wrangler's Pages server) and Node close an idle keep-alive connection: a request
 * written into one as the server closes it fails (ECONNRESET), a fault no test asked for.
 */
const UPSTREAM_IDLE_MS = 1_000;

/** Headers that belong to one hop and are never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/**
 * Request headers left out when the layer rewrites the answer of a presented release: it needs the
 * whole body, uncompressed (no Accept-Encoding), and the browser's validators and ranges belong to
 * what it was sent before (upstream would answer 304 to the old release's ETag).
 */
const FOR_WHOLE_BODY = new Set([
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'if-range',
  'range',
]);

/** Paths whose answers never name an asset: passed as they come, compressed or not. */
const BINARY_PATH = /\.(webp|png|jpe?g|gif|avif|ico|woff2?|ttf|otf)$/i;

/** Media types of the answers a presented release rewrites: HTML, scripts, styles, JSON, XML, SVG. */
const TEXT_TYPE = /^(text\/|application\/([\w.-]+\+)?(javascript|ecmascript|json|xml)\b|image\/svg\+xml)/i;

/**
 * A deployment's next release as the layer presents it (see {@link FaultServer.serveRelease}):
 * `renames` maps each deployed content-hashed file name in `/assets/` to its new name, `deployed`
 * maps back; `since` is when it was deployed (the Last-Modified of what it rewrites).
 */
interface PresentedRelease {
  readonly renames: Readonly<Record<string, string>>;
  readonly deployed: ReadonlyMap<string, string>;
  readonly since: Date;
  /** The precache revision of each page (`PAGES[*].url`) as the release serves it, made once. */
  revisions?: Promise<Record<string, string>>;
}

/** A body in `encoding` (Content-Encoding) as plain bytes. @throws on an encoding not known here. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`cannot read a body in Content-Encoding ${encoding}`);
  }
}

/** Every `/assets/<name>` a text names: the content-hashed files of a deployed release. */
function assetNamesIn(text: string): string[] {
  return [...text.matchAll(/\/assets\/([\w.-]+)/g)].map((match) => match[1]!);
}

/**
 * Cuts a connection as a network does: a reset. One whose write side is already shutting down (the
 * layer ended its response) is closed instead: libuv refuses to reset it (EINVAL), and Node then
 * never closes its handle, so the test process spins at exit instead of ending (seen in WebKit's
 * model paths: all tests passed, the process at 100% CPU in `Environment::CleanupHandles`).
 */
function cut(socket: Socket) {
  if (socket.destroyed) return;
  if (socket.writableEnded && !socket.writableFinished) socket.destroy();
  else socket.resetAndDestroy();
}

/** One CSP violation report (`application/csp-report`) as a line, see {@link FaultServer.cspReports}. */
function reportLine(body: string): string {
  try {
    const report = (JSON.parse(body) as { 'csp-report'?: Record<string, unknown> })['csp-report'] ?? {};
    const field = (name: string) => String(report[name] ?? '');
    const directive = field('effective-directive') || field('violated-directive');
    return `${directive} blocked ${field('blocked-uri') || 'inline'} at ${field('source-file')}:${field('line-number')}`;
  } catch {
    return `unreadable report: ${body.slice(0, 200)}`;
  }
}

/**
 * Starts nginx with a copy of `root` (or takes `upstream`) and the fault layer in front of it on
 * 127.0.0.1 (see the file's header and {@link FaultServer}).
 * @throws when `root` has no index.html, or nginx cannot be found or started.
 */
export async function startServer(options: ServerOptions): Promise<FaultServer> {
  const nginx =
    'root' in options
      ? await serveWithNginx(resolve(options.root), {
          without:
            options.serviceWorker === false
              ? [SERVICE_WORKER_FILE, `${SERVICE_WORKER_FILE}.br`, `${SERVICE_WORKER_FILE}.gz`]
              : [],
        })
      : undefined;
  const backend = nginx
    ? { origin: nginx.baseURL, deploy: (dir: string) => nginx.deploy(resolve(dir)), stop: nginx.stop }
    : {
        origin: new URL((options as { upstream: string }).upstream).origin,
        deploy: undefined,
        stop: async () => {},
      };
  /** In front of a deployment without its worker: the layer answers `/sw.js` itself. */
  const noWorkerUpstream = !nginx && options.serviceWorker === false;
  const upstream = new URL(backend.origin);
  const secure = upstream.protocol === 'https:';
  const pool = { keepAlive: true, timeout: UPSTREAM_IDLE_MS };
  const agent = secure ? new HttpsAgent(pool) : new Agent(pool);
  const log: RecordedRequest[] = [];
  const cspReports: string[] = [];
  /** The next release presented in front of a deployment, once serveRelease is called. */
  let presented: Promise<PresentedRelease> | undefined;

  /**
   * GETs `path` from upstream directly (not through the layer: recorded nowhere), uncompressed.
   * @throws when upstream cannot be reached or answers in an unknown Content-Encoding.
   */
  const fetchUpstream = (path: string) =>
    new Promise<{ status: number; body: Buffer }>((answered, failed) => {
      const outgoing = (secure ? httpsRequest : httpRequest)(
        {
          protocol: upstream.protocol,
          host: upstream.hostname,
          port: upstream.port,
          path,
          headers: { host: upstream.host, accept: '*/*' },
          agent,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', failed);
          answer.on('end', () => {
            try {
              const body = decoded(Buffer.concat(chunks), answer.headers['content-encoding']);
              answered({ status: answer.statusCode ?? 502, body });
            } catch (error) {
              failed(error as Error);
            }
          });
        },
      );
      outgoing.on('error', failed);
      outgoing.end();
    });

  /**
   * Reads the deployment's content-hashed file names (its worker's precache manifest, pages and
   * release file) and names the next release's files with `salt`.
   * @throws when upstream names no content-hashed file in /assets/.
   */
  const presentRelease = async (salt: string): Promise<PresentedRelease> => {
    const sources = [
      `/${SERVICE_WORKER_FILE}`,
      `/${RELEASE_FILE}`,
      ...Object.values(PAGES).map(({ url }) => url),
    ];
    const names = new Set<string>();
    for (const { status, body } of await Promise.all(sources.map(fetchUpstream)))
      if (status < 500) for (const name of assetNamesIn(body.toString('utf8'))) names.add(name);
    const renames = nextReleaseNames(names, salt);
    if (Object.keys(renames).length === 0)
      throw new Error(`${upstream.origin} names no content-hashed file in /assets/ (${sources.join(', ')})`);
    return {
      renames,
      deployed: new Map(Object.entries(renames).map(([deployedName, name]) => [name, deployedName])),
      since: new Date(),
    };
  };

  /** The precache revision of each page as `release` serves it (what its new sw.js must say). */
  const revisionsOf = (release: PresentedRelease) =>
    (release.revisions ??= Promise.all(
      Object.values(PAGES).map(async ({ url }) => {
        const { body } = await fetchUpstream(url);
        return [url, pageRevision(renameAssets(body.toString('utf8'), release.renames))] as const;
      }),
    ).then((entries) => Object.fromEntries(entries)));
  let failures: { kind: RequestKind; remaining: number; status: number | 'broken off' }[] = [];
  let holds: { kind: RequestKind; ms: number | Promise<unknown> }[] = [];
  let dropping = false;
  const sockets = new Set<Socket>();

  /**
   * Passes the request to upstream and its answer back, with the report-only copy of its policy; once
   * a release is presented, after it is ready, through it.
   */
  const pass = (request: IncomingMessage, response: ServerResponse, record: RecordedRequest) => {
    if (!presented) return forward(request, response, record, undefined);
    presented.then(
      (release) => forward(request, response, record, release),
      (error: unknown) => {
        record.status = 502;
        response.writeHead(502, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(`No release to present: ${String(error)}\n`);
      },
    );
  };

  /**
   * Upstream's whole text `answer` to `path` with `release`'s names, and for the worker's script its
   * pages' revisions anew; `renamed` when that changed it, `recoded` when it came compressed.
   * @throws on a body in an unknown Content-Encoding, or a worker that does not precache a page.
   */
  const rewrite = async (answer: IncomingMessage, path: string, release: PresentedRelease) => {
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    const encoding = answer.headers['content-encoding'];
    const original = decoded(Buffer.concat(chunks), encoding).toString('utf8');
    let text = renameAssets(original, release.renames);
    if (path === `/${SERVICE_WORKER_FILE}`) text = reviseWorkerPages(text, await revisionsOf(release));
    const recoded = encoding !== undefined && encoding !== 'identity';
    return { body: Buffer.from(text), renamed: text !== original, recoded };
  };

  /** {@link pass} once the presented release, if any, is known. */
  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    record: RecordedRequest,
    release: PresentedRelease | undefined,
  ) => {
    if (request.socket.destroyed) {
      record.status = 'dropped';
      return;
    }
    const failure = failures.find(
      (candidate) => candidate.remaining > 0 && candidate.kind.matches(record.path),
    );
    if (failure) failure.remaining -= 1;
    if (failure && failure.status !== 'broken off') {
      // Not cacheable, whatever the real answer would say: the test checks the page's recovery.
      response.writeHead(failure.status, {
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      response.end('Service Unavailable\n');
      record.status = failure.status;
      return;
    }
    // A presented release: a new name is the deployed file, an old one a file that does not exist
    // (upstream is asked for its new name, which it never had), and text is read whole to be renamed.
    const rewriting = release !== undefined && !BINARY_PATH.test(record.path);
    let path = request.url;
    const asset = release && /^\/assets\/([^/?#]+)(.*)$/.exec(request.url ?? '');
    if (release && asset) {
      const [, name, rest] = asset as unknown as [string, string, string];
      const deployedName = release.deployed.get(name);
      const newName = Object.hasOwn(release.renames, name) ? release.renames[name] : undefined;
      if (deployedName !== undefined) path = `/assets/${deployedName}${rest}`;
      else if (newName !== undefined) path = `/assets/${newName}${rest}`;
    }
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers))
      if (!HOP_BY_HOP.has(name) && value !== undefined && !(rewriting && FOR_WHOLE_BODY.has(name)))
        headers[name] = value;
    headers.host = upstream.host;
    const head = request.method === 'HEAD';
    const outgoing = (secure ? httpsRequest : httpRequest)(
      {
        protocol: upstream.protocol,
        host: upstream.hostname,
        port: upstream.port,
        // A rewritten answer's length is known from its body only: a HEAD asks for it too.
        method: rewriting && head ? 'GET' : request.method,
        path,
        headers,
        agent,
      },
      (answer) => {
        const passed: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) passed[name] = value;
        const policy = answer.headers['content-security-policy'];
        if (typeof policy === 'string')
          passed['content-security-policy-report-only'] = `${policy}; report-uri ${CSP_REPORTS_PATH}`;
        const location = answer.headers.location;
        if (location?.startsWith(upstream.origin)) passed.location = location.slice(upstream.origin.length);
        const status = answer.statusCode ?? 502;
        if (rewriting && release && TEXT_TYPE.test(answer.headers['content-type'] ?? ''))
          return void rewrite(answer, record.path, release).then(
            ({ body, renamed, recoded }) => {
              // Validators of their own: the browser must never take the release's file for the old one.
              if ((renamed || recoded) && passed.etag !== undefined)
                passed.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
              if (renamed && passed['last-modified'] !== undefined)
                passed['last-modified'] = release.since.toUTCString();
              delete passed['content-encoding'];
              passed['content-length'] = body.length;
              record.status = status;
              response.writeHead(status, passed);
              if (head) return void response.end();
              if (failure?.status !== 'broken off') return void response.end(body);
              record.status = 'broken off';
              response.write(body.subarray(0, Math.ceil(body.length / 2)), () => request.socket.destroy());
            },
            (error: unknown) => {
              console.error(`The presented release cannot rewrite ${record.path}: ${String(error)}`);
              record.status = 502;
              response.writeHead(502, { 'Cache-Control': 'no-store' });
              response.end();
            },
          );
        record.status = status;
        response.writeHead(record.status, passed);
        if (failure?.status !== 'broken off') return void answer.pipe(response);
        // Half the first part of the body, then a close (a reset could discard what was written).
        record.status = 'broken off';
        answer.once('data', (chunk: Buffer) => {
          answer.destroy();
          response.write(chunk.subarray(0, Math.ceil(chunk.length / 2)), () => request.socket.destroy());
        });
        answer.once('end', () => request.socket.destroy());
      },
    );
    outgoing.on('error', () => {
      record.status = 502;
      if (!response.headersSent) response.writeHead(502, { 'Cache-Control': 'no-store' });
      response.end();
    });
    request.pipe(outgoing);
  };

  const layer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://layer');
    if (url.pathname === CSP_REPORTS_PATH && request.method === 'POST') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        cspReports.push(reportLine(body));
        response.writeHead(204);
        response.end();
      });
      return;
    }
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Passed on as it came: upstream answers a malformed path as it does.
    }
    const record: RecordedRequest = { path, query: url.search, at: Date.now(), status: null };
    log.push(record);
    if (dropping) {
      record.status = 'dropped';
      cut(request.socket);
      return;
    }
    if (noWorkerUpstream && path === `/${SERVICE_WORKER_FILE}`) {
      record.status = 404;
      response.writeHead(404, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not Found\n');
      return;
    }
    const matching = holds.filter(({ kind }) => kind.matches(path));
    if (matching.length === 0) return pass(request, response, record);
    const waits = matching.map(({ ms }) =>
      typeof ms === 'number' ? new Promise((elapsed) => setTimeout(elapsed, ms)) : ms.catch(() => {}),
    );
    void Promise.all(waits).then(() => pass(request, response, record));
  });
  layer.on('connection', (socket) => {
    if (dropping) return cut(socket);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<number>((listening, reject) => {
      layer.once('error', reject);
      layer.listen(port, '127.0.0.1', () => listening((layer.address() as AddressInfo).port));
    });
  let port = await listen(options.port ?? 0);
  // A free port the system gives out again would be an earlier test's origin, with its storage and
  // service worker in a browser session shared between tests (WebKit's): take another.
  while (options.port === undefined && originsUsed.has(port)) {
    await new Promise((closed) => layer.close(closed));
    port = await listen(0);
  }
  originsUsed.add(port);
  const origin = `http://127.0.0.1:${port}`;

  let down: Promise<void> | undefined;
  const stop = () => {
    down ??= new Promise<void>((closed) => {
      for (const socket of sockets) cut(socket);
      layer.close(() => closed());
    });
    return down;
  };

  return {
    origin,
    url: (path) => `${origin}${path}`,
    failNext: (kind, count, status = 503) => void failures.push({ kind, remaining: count, status }),
    hold: (kind, ms) => void holds.push({ kind, ms }),
    dropConnections: () => {
      dropping = true;
      for (const socket of sockets) cut(socket);
      for (const record of log) if (record.status === null) record.status = 'dropped';
    },
    restoreConnections: () => {
      dropping = false;
    },
    serveRelease: (release) => {
      if (!backend.deploy) {
        if (typeof release === 'string')
          throw new Error(`${backend.origin} is a deployment: no files to replace with ${release}`);
        presented = presentRelease(release.salt);
        presented.catch((error: unknown) =>
          console.error(`No release presented in front of ${backend.origin}: ${String(error)}`),
        );
        return;
      }
      if (typeof release !== 'string') throw new Error('A release of a local build is a directory');
      if (!existsSync(join(release, 'index.html'))) throw new Error(`${release} has no index.html`);
      backend.deploy(release);
    },
    cspReports: () => [...cspReports],
    requests: (kind) => log.filter((record) => !kind || kind.matches(record.path)),
    reset: () => {
      failures = [];
      holds = [];
      dropping = false;
    },
    stop,
    close: async () => {
      await stop();
      agent.destroy();
      await backend.stop();
    },
  };
}
