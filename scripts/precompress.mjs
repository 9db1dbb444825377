#!/usr/bin/env node
/**
 * The last step of `npm run build`: writes a brotli (`<file>.br`, quality 11) and a gzip (`<file>.gz`,
 * level 9) copy beside every text file of the build (scripts, styles, pages, SVG, JSON, XML, text, web
 * manifests), each only when it is smaller than the file, so the web server sends the smallest form a
 * browser accepts without compressing anything per request (deploy/nginx.conf: `brotli_static`,
 * `gzip_static`). A copy left from an earlier run that is no longer smaller, or no longer matches, is
 * rewritten or removed. Run last, so it compresses whatever the earlier steps wrote.
 * Env: DIST_DIR (the build, default `dist`). Prints the files and bytes written; exit code 1 when the
 * directory does not exist.
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions of the text files that get compressed copies. */
export const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.webmanifest',
]);

/** `data` as brotli at quality 11 in text mode, the densest Node's zlib makes. */
export function brotli(data) {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** `data` as gzip at level 9. */
export function gzip(data) {
  return gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
}

/** Every file below `directory`, hidden ones (`.vite/`) left out: they are not deployed. */
function filesUnder(directory) {
  return readdirSync(directory).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes the `.br` and `.gz` copies of every text file below `directory` (see the file's header).
 * @returns {{ files: number, bytes: number, brotli: number, gzip: number }} text files seen, their
 *   bytes, and the bytes of the copies written (a file without a smaller copy counts as itself)
 */
export function precompress(directory) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of filesUnder(directory)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) continue;
    const data = readFileSync(file);
    totals.files += 1;
    totals.bytes += data.length;
    for (const [suffix, compress, key] of [
      ['.br', brotli, 'brotli'],
      ['.gz', gzip, 'gzip'],
    ]) {
      const compressed = compress(data);
      if (compressed.length < data.length) {
        writeFileSync(file + suffix, compressed);
        totals[key] += compressed.length;
      } else {
        rmSync(file + suffix, { force: true });
        totals[key] += data.length;
      }
    }
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(distDir)) {
    console.error(`${distDir} not found: build first`);
    process.exit(1);
  }
  const { files, bytes, brotli: br, gzip: gz } = precompress(distDir);
  const kib = (count) => `${(count / 1024).toFixed(1)} KiB`;
  console.log(
    `precompressed ${files} text files in ${distDir}: ${kib(bytes)} → ${kib(br)} brotli, ${kib(gz)} gzip`,
  );
}
