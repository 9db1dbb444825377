/**
 * Makes a "next release" of a built shop for the deploy tests: copies the build `from` into
 * `to` and gives every content-hashed file in `assets/` a new hash (`index-C4ei4vQy.js` →
 * `index-<new>.js`), rewriting every reference to it in the copy's HTML, JS, CSS and JSON files. The
 * pages and code are otherwise the same, exactly as after a deploy of a new version: the files the
 * previous release's pages load no longer exist under the new release's names. The service worker's
 * precache manifest (`sw.js`) then gets each page's revision anew from the page's new content, as the
 * build would have written it (src/features/releases/service-worker.build.ts), so the new worker
 * caches the new pages. The compressed copies (`.br`, `.gz`) are made afresh from the rewritten files
 * last (build/precompress.ts).
 * Used by the release tests (tests/e2e/releases.ts).
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
import { precompress } from '../build/precompress.ts';
import { PAGES, SERVICE_WORKER_FILE } from '../src/lib/shared-names.ts';

/** Vite's output names: `<name>-<8 character base64url hash>.<ext>`. */
const HASHED_NAME = /^(?<name>.+)-(?<hash>[A-Za-z0-9_-]{8})(?<ext>\.[a-z0-9]+)$/;
/** Files whose text may name an asset. */
const TEXT_FILES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.xml', '.svg']);

/**
 * Copies the build at `from` to `to` with new hashes for every file in `assets/` (see the file's
 * header) and returns the renames as `{ [oldName]: newName }`. `salt` seeds the new hashes, so two
 * "next" releases of one build can differ.
 * @throws when `to` exists or `from/assets` holds no hashed file.
 */
export function makeNextRelease(from: string, to: string, salt = 'next'): Record<string, string> {
  const source = resolve(from);
  const target = resolve(to);
  if (existsSync(target)) throw new Error(`${target} already exists`);
  cpSync(source, target, { recursive: true });

  // The copies would keep the old names and contents: made again below.
  for (const file of filesUnder(target)) if (/\.(br|gz)$/.test(file)) rmSync(file);
  const assets = join(target, 'assets');
  const renames: Record<string, string> = {};
  for (const file of readdirSync(assets)) {
    const match = HASHED_NAME.exec(file);
    const { name, hash, ext } = match?.groups ?? {};
    if (name === undefined || hash === undefined || ext === undefined) continue;
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

/** Rewrites the revision of every page in `dir`'s sw.js to the md5 of its content (Workbox's revision). */
function reviseWorkerPages(dir: string) {
  const worker = join(dir, SERVICE_WORKER_FILE);
  if (!existsSync(worker)) return;
  let text = readFileSync(worker, 'utf8');
  for (const { url: route, file } of Object.values(PAGES)) {
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
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
