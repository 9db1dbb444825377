#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests: $CHROME_PATH, else Debian's /usr/bin/chromium,
# installed when missing by the one installer (scripts/setup/install-test-packages.sh: as root with apt-get,
# once per run, never a browser build of Playwright's own).
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ]; then
  if [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; exit 0; fi
  echo "CHROME_PATH=$CHROME_PATH is not an executable file." >&2
  exit 1
fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi

bash "$(dirname "$0")/install-test-packages.sh" chromium >&2 || true
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi

cat >&2 <<'MSG'
No Chromium found for the browser tests. Fix one of:
  - set CHROME_PATH to a Chromium or Chrome executable, or
  - install Debian's chromium (sudo apt-get install chromium).
MSG
exit 1
