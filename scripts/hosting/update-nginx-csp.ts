/**
 * `npm run csp:nginx` (after `npm run build`): rewrites the `add_header Content-Security-Policy` line
 * of deploy/nginx.conf to the header policy of the build in $DIST_DIR (default dist), as
 * build/content-security-policy.ts builds it. Exit code 1 when the build or the line is not found.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NGINX_CSP_LINE, headerPolicyOf } from '../../build/content-security-policy.ts';

const CONF = 'deploy/nginx.conf';
try {
  const policy = headerPolicyOf(resolve(process.env.DIST_DIR ?? 'dist'));
  const conf = readFileSync(CONF, 'utf8');
  if (!NGINX_CSP_LINE.test(conf)) throw new Error(`${CONF} has no ${NGINX_CSP_LINE} line`);
  const next = conf.replace(NGINX_CSP_LINE, () => `add_header Content-Security-Policy "${policy}" always;`);
  writeFileSync(CONF, next);
  console.log(next === conf ? `${CONF}: policy unchanged` : `${CONF}: policy updated to\n${policy}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
