/**
 * The last step of the build (./production-build.ts): writes a brotli (`<file>.br`, quality 11) and a
 * gzip (`<file>.gz`, level 9) copy beside every text file of the build (scripts, styles, pages, SVG,
 * JSON, XML, text, web manifests), each only when it is smaller than the file, so the web server sends
 * the smallest form a browser accepts without compressing anything per request (deploy/nginx.conf:
 * `brotli_static`, `gzip_static`). A copy left from an earlier run that is no longer smaller, or no
 * longer matches, is rewritten or removed. Runs last, so it compresses whatever the earlier steps wrote.
 */
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions of the text files that get compressed copies. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
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
export function brotli(data: Uint8Array): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** `data` as gzip at level 9. */
export function gzip(data: Uint8Array): Buffer {
  return gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
}

/** Every file below `directory`, hidden ones (`.vite/`) left out: they are not deployed. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** What {@link precompress} wrote: text files seen and bytes, before and after. */
export interface PrecompressTotals {
  files: number;
  bytes: number;
  /** Bytes of the `.br` copies written (a file without a smaller copy counts as itself). */
  brotli: number;
  /** Bytes of the `.gz` copies, counted the same way. */
  gzip: number;
}

/**
 * Writes the `.br` and `.gz` copies of every text file below `directory` (see the file's header).
 * @throws when `directory` does not exist.
 */
export function precompress(directory: string): PrecompressTotals {
  const totals: PrecompressTotals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const encodings = [
    ['.br', brotli, 'brotli'],
    ['.gz', gzip, 'gzip'],
  ] as const;
  for (const file of filesUnder(directory)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) continue;
    const data = readFileSync(file);
    totals.files += 1;
    totals.bytes += data.length;
    for (const [suffix, compress, key] of encodings) {
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
