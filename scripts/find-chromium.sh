#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests, installing Debian's `chromium` when none is
# found and we are root with apt-get (as on CI). Lookup: $CHROME_PATH, then /usr/bin/chromium.
# Never downloads Playwright's own browser.
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ]; then
  if [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; exit 0; fi
  echo "CHROME_PATH=$CHROME_PATH is not an executable file." >&2
  exit 1
fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found: installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi

cat >&2 <<'MSG'
No Chromium found for the browser tests. Fix one of:
  - set CHROME_PATH to a Chromium or Chrome executable, or
  - install Debian's chromium (sudo apt-get install chromium), or
  - run `npx playwright install chromium` and set CHROME_PATH to the browser it prints.
MSG
exit 1
