#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests, installed when missing by the one installer
# (scripts/setup/install-test-packages.sh: as root with apt-get, once per run, never a browser build of
# Playwright's own).
#   find-chromium.sh [browser]      the browser: $CHROME_PATH, else Debian's /usr/bin/chromium
#   find-chromium.sh headless-shell Chromium's headless shell (Blink, V8 and the network stack without
#                                   the browser's own layer), what the headless suites run in:
#                                   $CHROME_HEADLESS_SHELL_PATH, else Debian's chromium-headless-shell
#                                   (docs/decisions/0016-chromium-headless-shell.md)
set -euo pipefail

case "${1:-browser}" in
  browser) variable=CHROME_PATH path=/usr/bin/chromium need=chromium package=chromium ;;
  headless-shell)
    variable=CHROME_HEADLESS_SHELL_PATH path=/usr/lib/chromium/chromium-headless-shell
    need=headless-shell package=chromium-headless-shell
    ;;
  *)
    echo "find-chromium.sh: unknown Chromium '$1' (browser, headless-shell)" >&2
    exit 2
    ;;
esac

given=${!variable:-}
if [ -n "$given" ]; then
  if [ -x "$given" ]; then echo "$given"; exit 0; fi
  echo "$variable=$given is not an executable file." >&2
  exit 1
fi
if [ -x "$path" ]; then echo "$path"; exit 0; fi

bash "$(dirname "$0")/install-test-packages.sh" "$need" >&2 || true
if [ -x "$path" ]; then echo "$path"; exit 0; fi

cat >&2 <<MSG
No $package found for the browser tests. Fix one of:
  - set $variable to its executable, or
  - install Debian's $package (sudo apt-get install $package).
MSG
exit 1
