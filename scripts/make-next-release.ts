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
 * Used by the release tests (tests/e2e/releases.ts). Its pure parts ({@link nextReleaseNames},
 * {@link renameAssets}, {@link reviseWorkerPages}) also make the release the fault layer presents in
 * front of a deployment (tests/browser/server.ts), which has no files to copy.
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
 * The next release's name of each content-hashed file name among `files` (bare names as in
 * `assets/`, e.g. `index-C4ei4vQy.js`), as `{ [oldName]: newName }`: the same name and extension with
 * a new hash of the same length, derived from `salt` and the old name (so the same for the same
 * salt, and different for another salt). Names that are not content-hashed are left out. Pure: the
 * local release copy ({@link makeNextRelease}) and the fault layer's release of a deployment
 * (tests/browser/server.ts) rename by this one rule.
 */
export function nextReleaseNames(files: Iterable<string>, salt = 'next'): Record<string, string> {
  const renames: Record<string, string> = {};
  for (const file of files) {
    const match = HASHED_NAME.exec(file);
    const { name, hash, ext } = match?.groups ?? {};
    if (name === undefined || hash === undefined || ext === undefined) continue;
    const newHash = createHash('sha256').update(`${salt}:${file}`).digest('base64url').slice(0, hash.length);
    renames[file] = `${name}-${newHash}${ext}`;
  }
  return renames;
}

/**
 * `text` with every occurrence of each old name of `renames` (`{ [oldName]: newName }`, see
 * {@link nextReleaseNames}) replaced by its new name: how a release's HTML, JS, CSS and JSON name its
 * files. Pure.
 */
export function renameAssets(text: string, renames: Readonly<Record<string, string>>): string {
  let rewritten = text;
  for (const [oldName, newName] of Object.entries(renames))
    rewritten = rewritten.split(oldName).join(newName);
  return rewritten;
}

/** Workbox's revision of a page: the md5 of its content, in hex. */
export function pageRevision(content: string | Uint8Array): string {
  return createHash('md5').update(content).digest('hex');
}

/**
 * The service worker's script `workerText` (sw.js) with each page's precache revision set anew:
 * `revisions` gives, by the page's URL (`PAGES[*].url`, e.g. `/checkout`), its revision
 * ({@link pageRevision} of its new content), so the new worker caches the new pages. Pure.
 * @throws when the worker does not precache one of the URLs.
 */
export function reviseWorkerPages(workerText: string, revisions: Readonly<Record<string, string>>): string {
  let text = workerText;
  for (const [route, revision] of Object.entries(revisions)) {
    const entry = new RegExp(`\\{"revision":"[0-9a-f]+","url":"${route.replace(/\//g, '\\/')}"\\}`);
    if (!entry.test(text)) throw new Error(`${SERVICE_WORKER_FILE} does not precache ${route}`);
    text = text.replace(entry, JSON.stringify({ revision, url: route }));
  }
  return text;
}

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
  const renames = nextReleaseNames(readdirSync(assets), salt);
  if (Object.keys(renames).length === 0) throw new Error(`${assets} has no content-hashed file`);

  for (const [oldName, newName] of Object.entries(renames))
    renameSync(join(assets, oldName), join(assets, newName));
  for (const file of filesUnder(target)) {
    if (!TEXT_FILES.has(extname(file))) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = renameAssets(text, renames);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
  const worker = join(target, SERVICE_WORKER_FILE);
  if (existsSync(worker)) {
    const revisions = Object.fromEntries(
      Object.values(PAGES).map(({ url, file }) => [url, pageRevision(readFileSync(join(target, file)))]),
    );
    writeFileSync(worker, reviseWorkerPages(readFileSync(worker, 'utf8'), revisions));
  }
  precompress(target);
  return renames;
}

/** Every file below `directory`, dot-directories (`.vite/`) included. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
