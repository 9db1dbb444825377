#!/usr/bin/env node
/**
 * The shop's Content Security Policy, defined once: scripts/prerender.mjs writes each page's `<meta>`
 * policy with it, deploy/nginx.conf carries the header it builds (tests/build/production-build.test.ts
 * fails when the two part), and the browser suites expect what it says. Why hashes in both places:
 * docs/decisions/0010-csp-hashes-in-meta-and-header.md.
 *
 * Run as a script (`npm run csp:nginx`, after `npm run build`): reads the build in $DIST_DIR (default
 * dist) and rewrites the `add_header Content-Security-Policy` line of deploy/nginx.conf to match it.
 * Exit code 1 when the build or the line is not found.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Names of the Trusted Types policies the shop creates (`trustedTypes.createPolicy(name, …)`), for the
 * `trusted-types` directive: `service-worker` (`SERVICE_WORKER_POLICY` of
 * src/features/releases/service-worker-policy.ts),
 * which lets only `/sw.js` through to `navigator.serviceWorker.register`; nothing else in the shop or
 * its libraries writes a string to an injection sink. Adding a policy is adding its name here (then
 * `npm run csp:nginx`); tests/build checks this list names the worker's policy.
 */
export const TRUSTED_TYPES_POLICIES = ['service-worker'];

/**
 * `'sha256-…'` of the empty string: styled-components adds its run-time rules through the CSSOM
 * (`insertRule`) into a `<style>` element it creates empty, which the browser checks like any inline
 * style.
 */
export const EMPTY_STYLE_SOURCE = cspHashSource('');

/** The pages the build prerenders, each with one critical `<style>` and one inline script. */
export const PRERENDERED_PAGES = ['index.html', 'checkout.html', '404.html'];

/** `'sha256-<base64>'`: the CSP source allowing an inline `<script>` or `<style>` with this exact text. */
export function cspHashSource(text) {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The policy as a header value, or for a `<meta http-equiv>` tag (`meta: true`), which cannot carry
 * `frame-ancestors` (browsers honour it only as a header).
 * @param {{ scripts: string[], styles: string[], meta?: boolean }} sources
 *   `scripts`: CSP sources of the inline scripts to allow (the early-tap script's hash); `styles`: of
 *   the inline `<style>` blocks (each page's critical CSS), besides the empty one styled-components adds.
 * @returns {string} directives joined by `; `
 */
export function contentSecurityPolicy({ scripts, styles, meta = false }) {
  const trustedTypes = TRUSTED_TYPES_POLICIES.length > 0 ? TRUSTED_TYPES_POLICIES.join(' ') : "'none'";
  const directives = [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    ['style-src', EMPTY_STYLE_SOURCE, ...new Set(styles)].join(' '),
    "img-src 'self'",
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
function inlineBlocks(html, tag) {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
    .filter(([, attributes = '']) => !/\ssrc=|\stype="application\/ld\+json"/.test(attributes))
    .map(([, , text]) => text);
}

/**
 * The header policy for the build in `distDir`: the inline scripts and critical styles of every
 * prerendered page (each page's `<meta>` policy names only its own).
 */
export function headerPolicyOf(distDir) {
  const pages = PRERENDERED_PAGES.map((file) => readFileSync(join(distDir, file), 'utf8'));
  return contentSecurityPolicy({
    scripts: [...new Set(pages.flatMap((html) => inlineBlocks(html, 'script').map(cspHashSource)))],
    styles: pages.flatMap((html) => inlineBlocks(html, 'style').map(cspHashSource)),
  });
}

/** deploy/nginx.conf's `add_header Content-Security-Policy "…" always;` line. */
export const NGINX_CSP_LINE = /add_header Content-Security-Policy "([^"]*)" always;/;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.env.DIST_DIR ?? 'dist');
  const confPath = 'deploy/nginx.conf';
  try {
    const policy = headerPolicyOf(distDir);
    const conf = readFileSync(confPath, 'utf8');
    if (!NGINX_CSP_LINE.test(conf)) throw new Error(`${confPath} has no ${NGINX_CSP_LINE} line`);
    const next = conf.replace(NGINX_CSP_LINE, () => `add_header Content-Security-Policy "${policy}" always;`);
    writeFileSync(confPath, next);
    console.log(
      next === conf ? `${confPath}: policy unchanged` : `${confPath}: policy updated to\n${policy}`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
