/**
 * deploy/nginx.conf read as data: the answer nginx gives a request path under it (its `location`
 * blocks with `try_files`, `return`, `internal`, `error_page`) and the headers it adds (`add_header`,
 * with the `map` they use). The Node server of `npm start` (scripts/hosting/node-server.ts) serves by it, so
 * nginx.conf stays the one copy of every route and header value. Only the directives the file uses
 * are read; any other throws when the file is read, so a change the Node server would not honour
 * fails at start instead of answering differently from nginx.
 */
import { readFileSync } from 'node:fs';

/** The site file: the source of every route and header. */
export const NGINX_CONF = 'deploy/nginx.conf';

/** One directive of nginx's configuration: `name args…;` or `name args… { block }`. */
interface Directive {
  readonly name: string;
  readonly args: readonly string[];
  readonly block?: readonly Directive[];
}

/**
 * Directives of the `server` block that decide nothing per request in the Node server: where it
 * listens and which directory it serves are its own (as scripts/hosting/nginx.ts replaces `listen` and
 * `root`); `absolute_redirect off` is how it sends a `return`'s Location anyway (as written); its
 * on-the-fly gzip (Vite's preview server's) has the level nginx.conf sets, 6.
 */
const SERVER_CONTEXT = new Set([
  'listen',
  'server_name',
  'root',
  'server_tokens',
  'absolute_redirect',
  'gzip_comp_level',
]);
/** Directives read from the `server` block. */
const SERVER_READ = new Set([
  'index',
  'charset',
  'charset_types',
  'brotli_static',
  'gzip_static',
  'gzip',
  'gzip_vary',
  'gzip_types',
  'add_header',
  'error_page',
  'location',
]);
/** Directives read from a `location` block. */
const LOCATION_READ = new Set(['try_files', 'return', 'internal', 'default_type', 'add_header']);

/** Statuses nginx adds an `add_header` without `always` to. */
const ADD_HEADER_STATUSES = new Set([200, 201, 204, 206, 301, 302, 303, 304, 307, 308]);

/** The tokens of nginx's configuration syntax, quoted strings unquoted, comments dropped. */
function tokensOf(text: string): { text: string; quoted: boolean }[] {
  const tokens: { text: string; quoted: boolean }[] = [];
  const pattern = /\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"']+)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    const [, double, single, punctuation, bare] = match;
    const quoted = double ?? single;
    if (quoted !== undefined) tokens.push({ text: quoted.replace(/\\(.)/g, '$1'), quoted: true });
    else if (punctuation ?? bare) tokens.push({ text: (punctuation ?? bare)!, quoted: false });
  }
  if (pattern.lastIndex < text.length)
    throw new Error(`${NGINX_CONF}: unreadable at offset ${pattern.lastIndex}`);
  return tokens;
}

/** The directives of nginx configuration `text`. @throws on unbalanced braces or a missing `;`. */
function parse(text: string): Directive[] {
  const tokens = tokensOf(text);
  let index = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    let words: string[] = [];
    while (index < tokens.length) {
      const { text: token, quoted } = tokens[index++]!;
      if (!quoted && token === ';') {
        directives.push({ name: words[0]!, args: words.slice(1) });
        words = [];
      } else if (!quoted && token === '{') {
        directives.push({ name: words[0]!, args: words.slice(1), block: block(true) });
        words = [];
      } else if (!quoted && token === '}') {
        if (!nested || words.length > 0) break;
        return directives;
      } else words.push(token);
    }
    if (nested || words.length > 0) throw new Error(`${NGINX_CONF}: unbalanced braces or a missing ";"`);
    return directives;
  };
  return block(false);
}

/** A `location` block: how it matches a URI, and its directives. */
interface Location {
  readonly modifier: '=' | '^~' | '~' | '~*' | '';
  readonly prefix: string;
  readonly regex?: RegExp;
  readonly directives: readonly Directive[];
}

/** The answer nginx gives one request, as {@link NginxSite.answer} finds it. */
export interface Answer {
  /** The HTTP status, e.g. 200, 404 (the not-found page), 301. */
  readonly status: number;
  /** The file to send as the body, a site-root path such as `/checkout.html`; none for a redirect or a bare error. */
  readonly file?: string;
  /** A redirect's Location, as nginx.conf writes it. */
  readonly location?: string;
  /** The location's `default_type`: the Content-Type of a file whose media type nginx would not know. */
  readonly defaultType?: string;
  /** What `add_header` adds to this answer (names as written), the cache map resolved for its URI. */
  readonly headers: Readonly<Record<string, string>>;
}

/** An `add_header` of the server block as written: its value may name `$uri` or a map's variable. */
export interface HeaderRule {
  readonly name: string;
  readonly value: string;
  /** `always`: on every answer, errors included; else only on the statuses nginx adds it to. */
  readonly always: boolean;
}

/** A `map $uri $name { … }` block as written. */
interface UriMap {
  /** The value of `default`. */
  readonly fallback: string;
  /** Exact URIs and their values. */
  readonly exact: ReadonlyMap<string, string>;
  /** `~` (and `~*`, case-insensitive) entries in order, the first match wins. */
  readonly regexes: readonly (readonly [RegExp, string])[];
}

/** A `location = <path> { return 30x <target>; }`: a redirect of one exact path. */
export interface ExactRedirect {
  readonly path: string;
  readonly status: number;
  readonly location: string;
}

/** deploy/nginx.conf as the Node server serves it: {@link readNginxSite}. */
export interface NginxSite {
  /**
   * nginx's answer to a request for the decoded, normalised site-root `path` (no query), where
   * `isFile(uri)` says whether the site-root path `uri` is a regular file of the build.
   */
  answer(path: string, isFile: (uri: string) => boolean): Answer;
  /** nginx's answer to a request whose `path` it cannot read (undecodable, or above the root): 400. */
  badRequest(path: string): Answer;
  /** `brotli_static on`: a file's `.br` copy is sent to a browser that accepts br. */
  readonly brotliStatic: boolean;
  /** `gzip_static on`: a file's `.gz` copy is sent to a browser that accepts gzip. */
  readonly gzipStatic: boolean;
  /** `charset`: the charset added to the Content-Type of text/html and of `charset_types`; none when off. */
  readonly charset?: string;
  /** `charset_types`: the media types besides text/html that get {@link charset}. */
  readonly charsetTypes: ReadonlySet<string>;
  /** `gzip on` with `gzip_vary on`: the media types (text/html and `gzip_types`) sent with `Vary: Accept-Encoding`. */
  readonly varyTypes: ReadonlySet<string>;
  /** The server block's `add_header`s as written, in order: what a CDN's rules file repeats (build/cdn-rules.ts). */
  readonly headerRules: readonly HeaderRule[];
  /** True when some location declares `add_header` of its own (and so drops the server's). */
  readonly locationHeaders: boolean;
  /** The paths of exact-match locations (`location = /checkout`): the routes. */
  readonly exactPaths: readonly string[];
  /** The redirects of exact-match locations. */
  readonly exactRedirects: readonly ExactRedirect[];
}

/** The one argument `directive` must have. */
function onlyArg(directive: Directive): string {
  if (directive.args.length !== 1) throw new Error(`${NGINX_CONF}: ${directive.name} takes one argument`);
  return directive.args[0]!;
}

/** A `map $uri $name { … }` block as written. */
function mapOf(directive: Directive): UriMap {
  if (directive.args[0] !== '$uri') throw new Error(`${NGINX_CONF}: only a map of $uri is read`);
  let fallback = '';
  const exact = new Map<string, string>();
  const regexes: [RegExp, string][] = [];
  for (const { name, args } of directive.block ?? []) {
    const value = args.join(' ');
    if (name === 'default') fallback = value;
    else if (name.startsWith('~*')) regexes.push([new RegExp(name.slice(2), 'i'), value]);
    else if (name.startsWith('~')) regexes.push([new RegExp(name.slice(1)), value]);
    else exact.set(name, value);
  }
  return { fallback, exact, regexes };
}

/** The value `map` gives `uri`. */
function mapValue({ fallback, exact, regexes }: UriMap, uri: string): string {
  return exact.get(uri) ?? regexes.find(([regex]) => regex.test(uri))?.[1] ?? fallback;
}

/** The `location` directive as a {@link Location}. */
function locationOf({ args, block = [] }: Directive): Location {
  const [first, second] = args;
  const modifier = second === undefined ? '' : first;
  const pattern = second ?? first;
  if (pattern === undefined || !['', '=', '^~', '~', '~*'].includes(modifier!))
    throw new Error(`${NGINX_CONF}: location ${args.join(' ')} is not read`);
  for (const directive of block)
    if (!LOCATION_READ.has(directive.name))
      throw new Error(`${NGINX_CONF}: "${directive.name}" in location ${args.join(' ')} is not read`);
  return {
    modifier: modifier as Location['modifier'],
    prefix: pattern,
    regex: modifier?.startsWith('~') ? new RegExp(pattern, modifier === '~*' ? 'i' : '') : undefined,
    directives: block,
  };
}

/** nginx's choice of location for `uri`: exact, else a `^~` longest prefix, else the first regex, else the longest prefix. */
function matchLocation(locations: readonly Location[], uri: string): Location | undefined {
  const exact = locations.find((location) => location.modifier === '=' && location.prefix === uri);
  if (exact) return exact;
  const prefixes = locations.filter(
    (location) => (location.modifier === '' || location.modifier === '^~') && uri.startsWith(location.prefix),
  );
  const longest = prefixes.sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (longest?.modifier === '^~') return longest;
  return locations.find((location) => location.regex?.test(uri)) ?? longest;
}

/**
 * Reads `conf` (default deploy/nginx.conf) as the Node server serves it.
 * @throws when the file has a directive the Node server does not read (see the file's header), a
 * variable other than `$uri` and its maps, or not exactly one `server` block.
 */
export function readNginxSite(conf = NGINX_CONF): NginxSite {
  const top = parse(readFileSync(conf, 'utf8'));
  const maps = new Map<string, UriMap>();
  const servers = top.filter((directive) => directive.name === 'server');
  for (const directive of top)
    if (directive.name === 'map') maps.set(directive.args[1]!.replace(/^\$/, ''), mapOf(directive));
    else if (directive.name !== 'server') throw new Error(`${NGINX_CONF}: "${directive.name}" is not read`);
  if (servers.length !== 1) throw new Error(`${NGINX_CONF}: exactly one server block is read`);
  const server = servers[0]!.block ?? [];

  let index = 'index.html';
  let brotliStatic = false;
  let gzipStatic = false;
  let charset: string | undefined;
  let charsetTypes: string[] = [];
  let gzip = false;
  let gzipVary = false;
  let gzipTypes: string[] = [];
  const errorPages = new Map<number, { uri: string; status?: number }>();
  const locations: Location[] = [];
  for (const directive of server) {
    if (SERVER_CONTEXT.has(directive.name)) continue;
    if (!SERVER_READ.has(directive.name))
      throw new Error(`${NGINX_CONF}: "${directive.name}" in the server block is not read`);
    if (directive.name === 'index') index = onlyArg(directive);
    else if (directive.name === 'brotli_static') brotliStatic = onlyArg(directive) === 'on';
    else if (directive.name === 'gzip_static') gzipStatic = onlyArg(directive) === 'on';
    else if (directive.name === 'charset')
      charset = onlyArg(directive) === 'off' ? undefined : directive.args[0];
    else if (directive.name === 'charset_types') charsetTypes = [...directive.args];
    else if (directive.name === 'gzip') gzip = onlyArg(directive) === 'on';
    else if (directive.name === 'gzip_vary') gzipVary = onlyArg(directive) === 'on';
    else if (directive.name === 'gzip_types') gzipTypes = [...directive.args];
    else if (directive.name === 'location') locations.push(locationOf(directive));
    else if (directive.name === 'error_page') {
      const uri = directive.args.at(-1)!;
      const override = directive.args.find((arg) => arg.startsWith('='));
      for (const code of directive.args.filter((arg) => /^\d+$/.test(arg)))
        errorPages.set(Number(code), { uri, status: override ? Number(override.slice(1)) : undefined });
    }
  }

  /** The value of `text` with `$uri` and the maps' variables resolved for `uri`. */
  const resolve = (text: string, uri: string) =>
    text.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_, braced?: string, plain?: string) => {
      const name = (braced ?? plain)!;
      if (name === 'uri') return uri;
      const map = maps.get(name);
      if (!map) throw new Error(`${NGINX_CONF}: the variable $${name} is not read`);
      return mapValue(map, uri);
    });

  // Every variable is known before the first request, not found out by one.
  for (const { name, args } of [server, ...locations.map(({ directives }) => directives)].flat())
    if (name === 'add_header' || name === 'try_files') for (const arg of args) resolve(arg, '/');

  /** What `add_header` adds to an answer with `status` for `uri` in `location` (its own list, else the server's). */
  const headersOf = (location: Location | undefined, status: number, uri: string) => {
    const own = location?.directives.filter((directive) => directive.name === 'add_header') ?? [];
    const list = own.length > 0 ? own : server.filter((directive) => directive.name === 'add_header');
    const headers: Record<string, string> = {};
    for (const { args } of list) {
      const [name, value, always] = args;
      if (name === undefined || value === undefined)
        throw new Error(`${NGINX_CONF}: add_header needs a name and a value`);
      if (always === 'always' || ADD_HEADER_STATUSES.has(status)) headers[name] = resolve(value, uri);
    }
    return headers;
  };

  const answer = (path: string, isFile: (uri: string) => boolean): Answer => {
    let uri = path;
    let internal = false;
    let status = 200;
    let errorPageTaken = false;
    // Internal redirects (try_files' last argument, error_page) choose a location again; nginx stops
    // after 10 of them as well.
    for (let redirects = 0; redirects <= 10; redirects += 1) {
      const location = matchLocation(locations, uri);
      const directive = (name: string) => location?.directives.find((candidate) => candidate.name === name);
      let error: number | undefined;
      let next: string | undefined;
      const returned = directive('return');
      const tryFiles = directive('try_files');
      if (directive('internal') && !internal) error = 404;
      else if (returned) {
        const [code, target] = returned.args;
        if (/^30[12378]$/.test(code!) && target !== undefined)
          return { status: Number(code), location: target, headers: headersOf(location, Number(code), uri) };
        if (target !== undefined || Number(code) < 400)
          throw new Error(`${NGINX_CONF}: return ${returned.args.join(' ')} is not read`);
        error = Number(code);
      } else {
        // No try_files: nginx's static handler, the index file for a directory URI.
        const candidates = tryFiles?.args ?? [uri.endsWith('/') ? `${uri}${index}` : uri, '=404'];
        const found = candidates
          .slice(0, -1)
          .map((candidate) => resolve(candidate, uri))
          .find((candidate) => isFile(candidate));
        const last = candidates.at(-1)!;
        if (found !== undefined)
          return {
            status,
            file: found,
            defaultType: directive('default_type')?.args[0],
            headers: headersOf(location, status, found),
          };
        if (last.startsWith('=')) error = Number(last.slice(1));
        else next = resolve(last, uri);
      }
      if (error !== undefined) {
        const page = errorPages.get(error);
        if (!page || errorPageTaken) return { status: error, headers: headersOf(location, error, uri) };
        errorPageTaken = true;
        status = page.status ?? error;
        next = page.uri;
      }
      uri = next!;
      internal = true;
    }
    throw new Error(`${NGINX_CONF}: more than 10 internal redirects for ${path}`);
  };

  return {
    answer,
    badRequest: (path) => ({ status: 400, headers: headersOf(undefined, 400, path) }),
    brotliStatic,
    gzipStatic,
    charset,
    charsetTypes: new Set(charsetTypes),
    varyTypes: new Set(gzip && gzipVary ? ['text/html', ...gzipTypes] : []),
    headerRules: server
      .filter((directive) => directive.name === 'add_header')
      .map(({ args: [name, value, always] }) => ({
        name: name!,
        value: value!,
        always: always === 'always',
      })),
    locationHeaders: locations.some(({ directives }) => directives.some(({ name }) => name === 'add_header')),
    exactPaths: locations.filter(({ modifier }) => modifier === '=').map(({ prefix }) => prefix),
    exactRedirects: locations.flatMap(({ modifier, prefix, directives }) => {
      const [code, target] = directives.find(({ name }) => name === 'return')?.args ?? [];
      return modifier === '=' && /^30[12378]$/.test(code ?? '') && target !== undefined
        ? [{ path: prefix, status: Number(code), location: target }]
        : [];
    }),
  };
}
