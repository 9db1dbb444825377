import { createHash } from 'node:crypto';

/** Script types a browser executes; any other type (e.g. application/ld+json) is an inert data block. */
const EXECUTABLE_TYPES = ['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript'];

/** An executable inline `<script>` of a page: its code and the CSP source that allows it. */
export interface InlineScript {
  code: string;
  /** `'sha256-<base64>'` of the code exactly as served. */
  cspSource: string;
}

/** The executable inline scripts of an HTML page, in document order (no `src`, executable type). */
export function inlineScriptsOf(html: string): InlineScript[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => {
      const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase() ?? '';
      return EXECUTABLE_TYPES.includes(type) && !/\bsrc=/i.test(attributes!);
    })
    .map(([, , code]) => ({
      code: code!,
      cspSource: `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
    }));
}

/** The sources of one directive of a CSP, e.g. `directiveOf(policy, 'script-src')`. */
export function directiveOf(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}
