#!/usr/bin/env bash
# Deploys a built shop (`npm run build` → dist/) into the web root a static server serves (for nginx
# with deploy/nginx.conf: its `root`), so that pages already open in a shopper's browser keep working:
# those pages load hashed files (/assets/index-<hash>.js, the checkout chunk) named by the
# release they came from, so a deploy must not delete them at once.
#
#   deploy/deploy.sh [--keep N] [--retention AGE] DIST_DIR WEB_ROOT   deploy DIST_DIR, then prune
#   deploy/deploy.sh --prune [--keep N] [--retention AGE] WEB_ROOT     prune only (e.g. from cron)
#
# A deploy, in this order:
#   1. copies the new release's hashed files into WEB_ROOT/assets/, never overwriting or deleting one
#      (a hashed name always has the same content), each written to a temporary name and renamed, its
#      compressed copies (<file>.br, <file>.gz) before it;
#   2. replaces every other file (images, icons, manifest, robots.txt, sitemap.xml, favicon), then the
#      HTML pages, index.html last, then the service worker sw.js (its precache names those pages and
#      files) and release.json, each atomically (copied to a temporary file in the same directory,
#      then `mv`) after its compressed copies (a copy the release lacks is deleted), so no request
#      ever sees a half-written page or a page whose scripts are not there yet;
#   3. records the release in WEB_ROOT/.releases (nginx answers 404 for dot-files), one line per
#      release, oldest first: `<deployed-at, s since the epoch> <release id> <asset> <asset> ...`;
#      on the first deploy into a root that already holds assets/, those are recorded first as the
#      release `adopted`, deployed now;
#   4. prunes (as --prune does).
# Pruning deletes the hashed files of old releases: a release's files are kept while it is one of the
# last N releases (--keep, default 3; the current one is always kept) or while it was replaced less than
# AGE ago (--retention, default 7d; s, m, h or d), the time a page opened just before the next deploy may
# stay open and still load its checkout. A file any kept release lists is never deleted; only files
# that a recorded release lists are ever deleted (nothing else in assets/ is touched).
#
# Exit code: 0 on success, 1 on bad usage or a missing DIST_DIR/index.html or WEB_ROOT/.releases.
# Needs bash, coreutils and sha256sum. Concurrent runs on one WEB_ROOT are serialised with flock(1)
# when it is installed.
set -euo pipefail

usage() {
  sed -n '7,8p' "$0" | sed 's/^# *//' >&2
  exit 1
}

keep=3
retention=7d
prune_only=false
positional=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prune) prune_only=true ;;
    --keep)
      keep="${2:-}"
      shift
      ;;
    --retention)
      retention="${2:-}"
      shift
      ;;
    -h | --help) usage ;;
    -*) usage ;;
    *) positional+=("$1") ;;
  esac
  shift
done

[[ "$keep" =~ ^[1-9][0-9]*$ ]] || {
  echo "deploy.sh: --keep must be a whole number ≥ 1" >&2
  exit 1
}

# AGE (30, 30s, 15m, 12h, 7d) in seconds.
seconds_of() {
  local age="$1"
  [[ "$age" =~ ^([0-9]+)([smhd]?)$ ]] || {
    echo "deploy.sh: --retention must be like 3600, 90m, 12h or 7d" >&2
    exit 1
  }
  local count="${BASH_REMATCH[1]}"
  case "${BASH_REMATCH[2]}" in
    m) echo $((count * 60)) ;;
    h) echo $((count * 3600)) ;;
    d) echo $((count * 86400)) ;;
    *) echo "$count" ;;
  esac
}
retention_seconds="$(seconds_of "$retention")"

if $prune_only; then
  [[ ${#positional[@]} -eq 1 ]] || usage
  web_root="${positional[0]}"
else
  [[ ${#positional[@]} -eq 2 ]] || usage
  dist="${positional[0]}"
  web_root="${positional[1]}"
  [[ -f "$dist/index.html" && -d "$dist/assets" ]] || {
    echo "deploy.sh: $dist/index.html or $dist/assets not found: build first (npm run build)" >&2
    exit 1
  }
fi
manifest="$web_root/.releases"

# The directories made so far (each `mkdir -p` once) and the count of temporary names used: a file
# costs two processes (`install`, `mv`), not seven.
declare -A made_dirs=()
temporaries=0

# Copies $1 to $2 atomically: a temporary file next to $2, renamed over it.
install_atomically() {
  local source="$1" target="$2"
  local dir="${target%/*}"
  if [[ -z "${made_dirs[$dir]:-}" ]]; then
    mkdir -p "$dir"
    made_dirs[$dir]=1
  fi
  # A hidden name of this deploy's own (its PID and a count; the lock keeps deploys one at a time),
  # written whole with its mode, then renamed over the target in one step.
  temporaries=$((temporaries + 1))
  local temporary="$dir/.deploy.$$.$temporaries"
  install -m 644 "$source" "$temporary"
  mv -f "$temporary" "$target"
}

names_in() {
  [[ -d "$1" ]] || return 0
  find "$1" -maxdepth 1 -type f ! -name '.*' -printf '%f\n' | LC_ALL=C sort
}

# Appends a release line for the assets named on stdin to the manifest (atomically).
record_release() {
  local id="$1" deployed_at="$2" assets
  assets="$(tr '\n' ' ' | sed 's/ $//')"
  local temporary
  temporary="$(mktemp "$web_root/.releases.XXXXXX")"
  [[ -f "$manifest" ]] && cat "$manifest" >"$temporary"
  echo "$deployed_at $id $assets" >>"$temporary"
  chmod 644 "$temporary"
  mv -f "$temporary" "$manifest"
}

deploy() {
  mkdir -p "$web_root/assets"
  local now
  now="$(date +%s)"
  if [[ ! -f "$manifest" && -n "$(names_in "$web_root/assets")" ]]; then
    names_in "$web_root/assets" | record_release adopted "$now"
  fi

  # 1. New hashed files first: nothing references them yet. Each file's compressed copies (.br, .gz,
  #    from the build's precompress step) go before it, so whenever it is there, they are too.
  local name
  while IFS= read -r name; do
    [[ -e "$web_root/assets/$name" ]] || install_atomically "$dist/assets/$name" "$web_root/assets/$name"
  done < <(names_in "$dist/assets" | awk '{ print (/\.(br|gz)$/ ? 0 : 1) "\t" $0 }' | LC_ALL=C sort -s -k1,1n | cut -f2-)

  # 2. Everything else but hidden files (.vite/manifest.json); then the HTML, index.html after the
  #    other pages; then the service worker sw.js, whose new release precaches the pages and assets
  #    (they must be in place, or it would cache the previous release's page as the new one); and
  #    release.json very last: an open page that finds a new release there reloads into it, so the
  #    pages must already be in place. Each file's compressed copies go just before it, and a copy the
  #    new release lacks is removed before it: nginx never sends an old copy.
  local file suffix
  while IFS= read -r file; do
    for suffix in br gz; do
      if [[ -f "$dist/$file.$suffix" ]]; then
        install_atomically "$dist/$file.$suffix" "$web_root/$file.$suffix"
      elif [[ -e "$web_root/$file.$suffix" ]]; then
        rm -f "$web_root/$file.$suffix"
      fi
    done
    install_atomically "$dist/$file" "$web_root/$file"
  done < <(
    cd "$dist" && find . -type f ! -path './assets/*' ! -path '*/.*' ! -name '*.br' ! -name '*.gz' -printf '%P\n' |
      LC_ALL=C sort | awk '{ rank = /^release\.json$/ ? 4 : /^sw\.js$/ ? 3 : /^index\.html$/ ? 2 : /\.html$/ ? 1 : 0; print rank "\t" $0 }' |
      LC_ALL=C sort -s -k1,1n | cut -f2-
  )

  # 3. The release: its id is a digest of its asset names (a redeploy of the same build adds no line).
  local id
  id="$(names_in "$dist/assets" | sha256sum | cut -c1-12)"
  if [[ ! -f "$manifest" ]] || [[ "$(tail -n 1 "$manifest" | cut -d' ' -f2)" != "$id" ]]; then
    names_in "$dist/assets" | record_release "$id" "$now"
  fi
  echo "deployed release $id from $dist into $web_root"
}

prune() {
  [[ -f "$manifest" ]] || {
    echo "deploy.sh: $manifest not found: nothing was deployed with deploy.sh here" >&2
    exit 1
  }
  local now
  now="$(date +%s)"
  # Decide with awk: which releases stay (kept.lines) and which asset files go (delete list).
  local plan
  plan="$(mktemp)"
  awk -v keep="$keep" -v now="$now" -v retention="$retention_seconds" '
    { line[NR] = $0; deployed[NR] = $1 }
    END {
      for (i = 1; i <= NR; i++) {
        replaced = (i < NR) ? deployed[i + 1] : now
        kept[i] = (i > NR - keep) || (now - replaced < retention)
        n = split(line[i], field, " ")
        for (f = 3; f <= n; f++) if (kept[i]) needed[field[f]] = 1; else listed[field[f]] = 1
      }
      for (i = 1; i <= NR; i++) if (kept[i]) print "keep\t" line[i]
      for (name in listed) if (!(name in needed)) print "delete\t" name
    }' "$manifest" >"$plan"

  local action value deleted=0
  while IFS=$'\t' read -r action value; do
    if [[ "$action" == delete && "$value" != */* && -f "$web_root/assets/$value" ]]; then
      rm -f "$web_root/assets/$value"
      deleted=$((deleted + 1))
    fi
  done <"$plan"
  local temporary
  temporary="$(mktemp "$web_root/.releases.XXXXXX")"
  grep '^keep' "$plan" | cut -f2- >"$temporary" || true
  chmod 644 "$temporary"
  mv -f "$temporary" "$manifest"
  rm -f "$plan"
  echo "pruned $deleted old asset file(s) in $web_root/assets ($(wc -l <"$manifest") release(s) kept)"
}

mkdir -p "$web_root"
if command -v flock >/dev/null; then
  exec 9>"$web_root/.deploy.lock"
  flock 9
fi
$prune_only || deploy
prune
