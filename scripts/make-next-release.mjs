#!/usr/bin/env node
/**
 * Makes a "next release" of a built shop for the deploy tests: copies the build `from` into
 * `to` and gives every content-hashed file in `assets/` a new hash (`index-C4ei4vQy.js` →
 * `index-<new>.js`), rewriting every reference to it in the copy's HTML, JS, CSS and JSON files. The
 * pages and code are otherwise the same, exactly as after a deploy of a new version: the files the
 * previous release's pages load no longer exist under the new release's names. The service worker's
 * precache manifest (`sw.js`) then gets each page's revision anew from the page's new content, as the
 * build would have written it (scripts/generate-service-worker.mjs), so the new worker caches the new
 * pages. The compressed copies (`.br`, `.gz`) are made afresh from the rewritten files last
 * (scripts/precompress.mjs).
 *
 * Usage: node scripts/make-next-release.mjs <from-dist> <to-dir> [--salt text]
 *   `--salt` (default `next`) seeds the new hashes, so two "next" releases of one build can differ.
 * Prints a JSON object mapping each old `assets/` file name to its new one. Exit code 1 on bad usage,
 * when `to` already exists, or when `from/assets` has no hashed file.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

/** Vite's output names: `<name>-<8 character base64url hash>.<ext>`. */
const HASHED_NAME = /^(?<name>.+)-(?<hash>[A-Za-z0-9_-]{8})(?<ext>\.[a-z0-9]+)$/;
/** Files whose text may name an asset. */
const TEXT_FILES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.xml', '.svg']);

/**
 * Copies the build at `from` to `to` with new hashes for every file in `assets/` (see the file's
 * header) and returns the renames as `{ [oldName]: newName }`.
 * @throws when `to` exists or `from/assets` holds no hashed file.
 */
export function makeNextRelease(from, to, salt = 'next') {
  const source = resolve(from);
  const target = resolve(to);
  if (existsSync(target)) throw new Error(`${target} already exists`);
  cpSync(source, target, { recursive: true });

  // The copies would keep the old names and contents: made again below.
  for (const file of filesUnder(target)) if (/\.(br|gz)$/.test(file)) rmSync(file);
  const assets = join(target, 'assets');
  const renames = {};
  for (const file of readdirSync(assets)) {
    const match = HASHED_NAME.exec(file);
    if (!match?.groups) continue;
    const { name, hash, ext } = match.groups;
    const newHash = createHash('sha256').update(`${salt}:${file}`).digest('base64url').slice(0, hash.length);
    renames[file] = `${name}-${newHash}${ext}`;
  }
  if (Object.keys(renames).length === 0) throw new Error(`${assets} has no content-hashed file`);

  for (const [oldName, newName] of Object.entries(renames))
    renameSync(join(assets, oldName), join(assets, newName));
  for (const file of filesUnder(target)) {
    if (!TEXT_FILES.has(extname(file))) continue;
    const text = readFileSync(file, 'utf8');
    let rewritten = text;
    for (const [oldName, newName] of Object.entries(renames))
      rewritten = rewritten.split(oldName).join(newName);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
  reviseWorkerPages(target);
  precompress(target);
  return renames;
}

/** Pages of the worker's precache manifest by route, as scripts/generate-service-worker.mjs maps them. */
const PAGE_OF_ROUTE = { '/': 'index.html', '/checkout': 'checkout.html', '/404.html': '404.html' };

/** Rewrites the revision of every page in `dir`'s sw.js to the md5 of its content (Workbox's revision). */
function reviseWorkerPages(dir) {
  const worker = join(dir, 'sw.js');
  if (!existsSync(worker)) return;
  let text = readFileSync(worker, 'utf8');
  for (const [route, file] of Object.entries(PAGE_OF_ROUTE)) {
    const revision = createHash('md5')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    const entry = new RegExp(`\\{"revision":"[0-9a-f]+","url":"${route.replace(/\//g, '\\/')}"\\}`);
    if (!entry.test(text)) throw new Error(`${worker} does not precache ${route}`);
    text = text.replace(entry, JSON.stringify({ revision, url: route }));
  }
  writeFileSync(worker, text);
}

/** Every file below `directory`, dot-directories (`.vite/`) included. */
function filesUnder(directory) {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const saltIndex = args.indexOf('--salt');
  const salt = saltIndex === -1 ? 'next' : args[saltIndex + 1];
  const [from, to] =
    saltIndex === -1 ? args : args.filter((_, index) => index < saltIndex || index > saltIndex + 1);
  if (!from || !to || !salt) {
    console.error('Usage: node scripts/make-next-release.mjs <from-dist> <to-dir> [--salt text]');
    process.exit(1);
  }
  try {
    console.log(JSON.stringify(makeNextRelease(from, to, salt), null, 2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
