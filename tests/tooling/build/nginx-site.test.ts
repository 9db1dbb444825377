/**
 * build/nginx-site.ts, the reading of deploy/nginx.conf that `npm start`'s Node server answers by:
 * it reads the committed file, refuses what it would not answer as nginx does, and keeps nginx's rule
 * that a location with its own add_header inherits none. Its answers are compared with nginx's own in
 * tests/hosting/nginx/node-server.spec.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readNginxSite } from '../../../build/nginx-site';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A site file with `server` as its server block's body. */
function siteWith(server: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-site-'));
  dirs.push(dir);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, `server {\n${server}\n}\n`);
  return conf;
}

describe('readNginxSite', () => {
  it('reads deploy/nginx.conf: / is index.html with its headers, an unknown path the not-found page', () => {
    const site = readNginxSite();
    const files = new Set(['/index.html', '/404.html']);
    const landing = site.answer('/', (uri) => files.has(uri));
    expect(landing).toMatchObject({ status: 200, file: '/index.html' });
    expect(landing.headers).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
    expect(site.answer('/no-such-page', (uri) => files.has(uri))).toMatchObject({
      status: 404,
      file: '/404.html',
    });
  });

  it.each([
    ['a location', 'location / { rewrite ^ /index.html; }', /"rewrite" in location \/ is not read/],
    ['the server block', 'proxy_pass http://127.0.0.1:1;', /"proxy_pass" in the server block is not read/],
    [
      'a variable',
      'add_header X-Host $host always;\nlocation / { try_files $uri =404; }',
      /\$host is not read/,
    ],
  ])('refuses what it does not read in %s', (_, server, error) => {
    const conf = siteWith(server);
    expect(() => readNginxSite(conf)).toThrow(error);
  });

  it("gives a location with its own add_header only those, as nginx does, and the server's to the others", () => {
    const site = readNginxSite(
      siteWith(
        [
          'add_header X-Frame-Options "DENY" always;',
          'location = /embed { add_header X-Own "yes" always; try_files /embed.html =404; }',
          'location / { try_files $uri =404; }',
        ].join('\n'),
      ),
    );
    expect(site.answer('/embed', () => true).headers).toEqual({ 'X-Own': 'yes' });
    expect(site.answer('/other', () => true).headers).toEqual({ 'X-Frame-Options': 'DENY' });
  });
});
