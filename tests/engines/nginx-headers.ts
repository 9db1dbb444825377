import { readFileSync } from 'node:fs';

/**
 * The response headers deploy/nginx.conf adds (its `add_header` lines) and its `map $uri $variable`
 * blocks, read from the file itself so the engine suite serves exactly what production sends: a change
 * to the Content Security Policy there is a change here, with no second copy.
 */

/** One `map $uri $name { ... }` entry: a regex (`~`, `~*`) or exact URI, and its value. */
interface MapEntry {
  readonly matches: (uri: string) => boolean;
  readonly value: string;
}

/** The headers of deploy/nginx.conf, as a function of the final URI nginx served. */
export interface NginxHeaders {
  /**
   * Header name → value for a response whose final URI (nginx's `$uri` after `try_files` and
   * `error_page`, e.g. `/index.html`, `/assets/x.js`, `/404.html`) is `uri`.
   */
  for(uri: string): Record<string, string>;
  /** The `add_header` names in file order, e.g. `['Content-Security-Policy', …, 'Cache-Control']`. */
  readonly names: readonly string[];
}

/** The configuration without comments (`#` at the start of a line or after whitespace, outside quotes). */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let quote: string | null = null;
      for (let index = 0; index < line.length; index += 1) {
        const char = line[index];
        if (quote) {
          if (char === quote) quote = null;
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? '')))
          return line.slice(0, index);
      }
      return line;
    })
    .join('\n');
}

/** The value of an nginx token: quotes removed. */
const unquote = (token: string) => token.replace(/^(["'])([\s\S]*)\1$/, '$2');

/** A quoted string or a bare word. */
const TOKEN = String.raw`"[^"]*"|'[^']*'|[^\s;{}]+`;

/** The `map $uri $name { … }` blocks of the configuration, by variable name (without `$`). */
function readMaps(config: string): Map<string, { entries: MapEntry[]; fallback: string }> {
  const maps = new Map<string, { entries: MapEntry[]; fallback: string }>();
  for (const block of config.matchAll(/\bmap\s+\$uri\s+\$(\w+)\s*\{([^}]*)\}/g)) {
    const [, name = '', body = ''] = block;
    const entries: MapEntry[] = [];
    let fallback = '';
    for (const line of body.matchAll(new RegExp(`(${TOKEN})\\s+(${TOKEN})\\s*;`, 'g'))) {
      const [, rawPattern = '', rawValue = ''] = line;
      const pattern = unquote(rawPattern);
      const value = unquote(rawValue);
      if (pattern === 'default') fallback = value;
      else if (pattern.startsWith('~*')) {
        const regex = new RegExp(pattern.slice(2), 'i');
        entries.push({ matches: (uri) => regex.test(uri), value });
      } else if (pattern.startsWith('~')) {
        const regex = new RegExp(pattern.slice(1));
        entries.push({ matches: (uri) => regex.test(uri), value });
      } else entries.push({ matches: (uri) => uri === pattern, value });
    }
    maps.set(name, { entries, fallback });
  }
  return maps;
}

/**
 * Reads the `add_header` lines and the `map $uri` blocks of an nginx configuration file (normally
 * deploy/nginx.conf). A header whose value is a `$variable` takes the value of that variable's map
 * for the final URI (nginx evaluates it per response).
 * @throws when the file has no `add_header` line, or a header names a variable no `map $uri` defines.
 */
export function readNginxHeaders(configPath: string): NginxHeaders {
  const config = withoutComments(readFileSync(configPath, 'utf8'));
  const maps = readMaps(config);
  const headers: { name: string; value: (uri: string) => string }[] = [];
  for (const line of config.matchAll(
    new RegExp(`\\badd_header\\s+(${TOKEN})\\s+(${TOKEN})(?:\\s+always)?\\s*;`, 'g'),
  )) {
    const [, rawName = '', rawValue = ''] = line;
    const name = unquote(rawName);
    const value = unquote(rawValue);
    if (value.startsWith('$')) {
      const map = maps.get(value.slice(1));
      if (!map) throw new Error(`${configPath}: add_header ${name} uses ${value}, which no map $uri defines`);
      headers.push({
        name,
        value: (uri) => map.entries.find((entry) => entry.matches(uri))?.value ?? map.fallback,
      });
    } else headers.push({ name, value: () => value });
  }
  if (headers.length === 0) throw new Error(`${configPath} has no add_header line`);
  return {
    names: headers.map((header) => header.name),
    for: (uri) => Object.fromEntries(headers.map((header) => [header.name, header.value(uri)])),
  };
}
