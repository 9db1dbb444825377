/**
 * The Node server of `npm start` where nginx is missing: Vite's preview server (sirv for the files,
 * @polka/compression for on-the-fly gzip) with one middleware in front that answers each request as
 * deploy/nginx.conf does (build/nginx-site.ts): its routes and statuses, the not-found page with
 * 404, its headers on every answer, and the build's `.br`/`.gz` copies in place of their files.
 */
import { statSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, posix } from 'node:path';
import { preview, type Plugin } from 'vite';
import { readNginxSite, type NginxSite } from '../../build/nginx-site';

/** What still differs from production with this server, for the line `npm start` prints. */
export const UNLIKE_NGINX =
  "media types are Node's (scripts as text/javascript), and a text file under 1 KiB without a copy is sent uncompressed";

/** A build served by {@link serveWithNode}. */
export interface NodeServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseURL: string;
  /** Stops the server. */
  stop(): Promise<void>;
}

/**
 * The decoded, normalised site-root path of a request URL (query dropped, slashes merged, dot segments
 * resolved, as nginx does); undefined when it cannot be decoded or leads above the root.
 */
function sitePath(url: string): string | undefined {
  try {
    const relative = posix.normalize(`.${decodeURIComponent(url.replace(/[?#].*$/s, ''))}`);
    if (relative === '..' || relative.startsWith('../') || relative.includes('\0')) return undefined;
    return `/${relative.replace(/^\.\/?/, '')}`;
  } catch {
    return undefined;
  }
}

/** True when `accept` (an Accept-Encoding header) names `coding` without `q=0`. */
function accepts(accept: string | undefined, coding: string): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name!.trim() === coding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

/**
 * Makes the head Vite's static middleware writes for a file nginx's: `status` in place of its 200
 * (the not-found page's 404), the charset nginx.conf adds to the media type, and
 * `Vary: Accept-Encoding` where nginx sends it (a file with a compressed copy, or of a type it gzips).
 */
function asNginxHead(response: ServerResponse, site: NginxSite, status: number, hasCopy: boolean): void {
  const writeHead = response.writeHead.bind(response) as (
    status: number,
    ...rest: unknown[]
  ) => ServerResponse;
  response.writeHead = ((written: number, ...rest: unknown[]) => {
    const headers = rest.find((arg): arg is Record<string, string | number> => typeof arg === 'object');
    for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
    const type = String(response.getHeader('Content-Type') ?? '')
      .split(';')[0]!
      .trim();
    if (type) {
      const charset = site.charset && (type === 'text/html' || site.charsetTypes.has(type));
      response.setHeader('Content-Type', charset ? `${type}; charset=${site.charset}` : type);
    }
    if (hasCopy || site.varyTypes.has(type)) response.setHeader('Vary', 'Accept-Encoding');
    // A 304 or 206 of a file stays; the not-found page's status replaces the 200.
    return writeHead(status === 200 ? written : status);
  }) as typeof response.writeHead;
}

/**
 * The middleware answering as `site` does for the build in `distDir`: a redirect or a bare error it
 * sends itself; a file it leaves to Vite's static middleware, with the URL rewritten to the file (or
 * its precompressed copy) and the head made nginx's.
 */
function nginxSiteMiddleware(site: NginxSite, distDir: string) {
  const isFile = (uri: string) => statSync(join(distDir, uri), { throwIfNoEntry: false })?.isFile() === true;
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = sitePath(request.url ?? '/');
    const answer = path === undefined ? site.badRequest(request.url ?? '/') : site.answer(path, isFile);
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if (answer.file === undefined) {
      // nginx's own page for a redirect or an error without an error_page; its charset filter leaves
      // out redirects.
      const title = `${answer.status} ${STATUS_CODES[answer.status] ?? ''}`;
      const charset = site.charset && answer.location === undefined ? `; charset=${site.charset}` : '';
      if (answer.location !== undefined) response.setHeader('Location', answer.location);
      response.writeHead(answer.status, { 'Content-Type': `text/html${charset}` });
      response.end(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`);
      return;
    }
    const copies = [
      { on: site.brotliStatic, coding: 'br', file: `${answer.file}.br` },
      { on: site.gzipStatic, coding: 'gzip', file: `${answer.file}.gz` },
    ].filter(({ on, file }) => on && isFile(file));
    const copy = copies.find(({ coding }) => accepts(request.headers['accept-encoding'], coding));
    if (answer.defaultType) response.setHeader('Content-Type', answer.defaultType);
    if (answer.status !== 200) {
      // The not-found page is sent whole with its status, never as a 304 or a range.
      delete request.headers['if-none-match'];
      delete request.headers.range;
    }
    asNginxHead(response, site, answer.status, copies.length > 0);
    request.url = (copy?.file ?? answer.file).split('/').map(encodeURIComponent).join('/');
    next();
  };
}

/**
 * Serves the build in `distDir` on 127.0.0.1:`port` with Vite's preview server answering as
 * deploy/nginx.conf does (see the file's header).
 * @throws when deploy/nginx.conf has a directive build/nginx-site.ts does not read, or the port is taken.
 */
export async function serveWithNode(distDir: string, { port }: { port: number }): Promise<NodeServer> {
  const site = readNginxSite();
  const plugin: Plugin = {
    name: 'nginx-conf',
    // Before Vite's own middlewares (compression, then the static files).
    configurePreviewServer: (server) => void server.middlewares.use(nginxSiteMiddleware(site, distDir)),
  };
  const server = await preview({
    configFile: false,
    logLevel: 'warn',
    appType: 'custom',
    build: { outDir: distDir },
    plugins: [plugin],
    preview: { host: '127.0.0.1', port, strictPort: true, cors: false, open: false },
  });
  return { baseURL: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
