/**
 * The shop's Content Security Policy, defined once: the prerender (./prerender.ts) writes each page's
 * `<meta>` policy with it, deploy/nginx.conf carries the header it builds (`npm run csp:nginx` writes
 * it there; tests/tooling/build/production-build.test.ts fails when the two part), and the browser suites
 * expect what it says. Why hashes in both places: docs/decisions/0010-csp-hashes-in-meta-and-header.md.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES, SERVICE_WORKER_POLICY } from '../src/lib/shared-names.ts';

/**
 * Names of the Trusted Types policies the shop creates (`trustedTypes.createPolicy(name, …)`), for the
 * `trusted-types` directive: only the service worker's, which lets only `/sw.js` through to
 * `navigator.serviceWorker.register`; nothing else in the shop or its libraries writes a string to an
 * injection sink. Adding a policy is adding its name here (then `npm run csp:nginx`).
 */
export const TRUSTED_TYPES_POLICIES: readonly string[] = [SERVICE_WORKER_POLICY];

/** `'sha256-<base64>'`: the CSP source allowing an inline `<script>` or `<style>` with this exact text. */
export function cspHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * `'sha256-…'` of the empty string: styled-components adds its run-time rules through the CSSOM
 * (`insertRule`) into a `<style>` element it creates empty, which the browser checks like any inline
 * style.
 */
export const EMPTY_STYLE_SOURCE = cspHashSource('');

/** The inline sources a policy allows besides the shop's own files. */
export interface InlineSources {
  /** CSP sources of the inline scripts (the early-tap script's hash). */
  scripts: readonly string[];
  /** CSP sources of the inline `<style>` blocks (each page's critical CSS), besides the empty one. */
  styles: readonly string[];
  /** For a `<meta http-equiv>` tag, which cannot carry `frame-ancestors` (honoured only as a header). */
  meta?: boolean;
}

/** The policy as a header value, or for a `<meta http-equiv>` tag: directives joined by `; `. */
export function contentSecurityPolicy({ scripts, styles, meta = false }: InlineSources): string {
  const trustedTypes = TRUSTED_TYPES_POLICIES.length > 0 ? TRUSTED_TYPES_POLICIES.join(' ') : "'none'";
  const directives = [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    ['style-src', EMPTY_STYLE_SOURCE, ...new Set(styles)].join(' '),
    // data: for the landing page's hero, carried in the page (build/inline-hero-image.ts).
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    ...(meta ? [] : ["frame-ancestors 'none'"]),
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypes}`,
  ];
  return directives.join('; ');
}

/** The text of each inline `<tag>` (no attributes but the ones styled-components adds) of an HTML page. */
function inlineBlocks(html: string, tag: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
    .filter(([, attributes = '']) => !/\ssrc=|\stype="application\/ld\+json"/.test(attributes))
    .map(([, , text = '']) => text);
}

/**
 * The header policy for the build in `distDir`: the inline scripts and critical styles of every
 * prerendered page (each page's `<meta>` policy names only its own).
 * @throws when a prerendered page is missing.
 */
export function headerPolicyOf(distDir: string): string {
  const pages = Object.values(PAGES).map(({ file }) => readFileSync(join(distDir, file), 'utf8'));
  return contentSecurityPolicy({
    scripts: [...new Set(pages.flatMap((html) => inlineBlocks(html, 'script').map(cspHashSource)))],
    styles: pages.flatMap((html) => inlineBlocks(html, 'style').map(cspHashSource)),
  });
}

/** deploy/nginx.conf's `add_header Content-Security-Policy "…" always;` line; group 1 is the policy. */
export const NGINX_CSP_LINE = /add_header Content-Security-Policy "([^"]*)" always;/;
