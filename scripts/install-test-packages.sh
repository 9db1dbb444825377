#!/usr/bin/env bash
# Installs, in one apt-get run, the Debian packages the browser suites need and this machine lacks:
# chromium, firefox-esr, webkit2gtk-driver (WebKitWebDriver + MiniBrowser), xvfb and xauth for
# WebKit's X server, fonts-dejavu-core for the visual baselines, nginx and its brotli_static module
# (libnginx-mod-http-brotli-static) for the production-server suite. `npm run test:browsers`
# (scripts/test-browsers.sh) runs it once before its suites, so that apt-get runs once. Each suite
# still checks its own packages when run on its own. Not root, or no apt-get: installs nothing and
# leaves each suite to say what is missing. Never downloads a browser build of its own.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || [ -n "${CHROME_PATH:-}" ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || [ -n "${FIREFOX_PATH:-}" ] || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || [ -n "${WEBKIT_WEBDRIVER_PATH:-}" ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
# The one font the visual baselines render with (tests/visual/fonts.conf).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || [ -n "${NGINX_PATH:-}" ] || missing+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || [ -n "${NGINX_PATH:-}" ] ||
  missing+=(libnginx-mod-http-brotli-static)

[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing for the browser suites: ${missing[*]} (not root with apt-get: not installing)." >&2
  exit 0
fi
echo "Installing Debian's ${missing[*]} for the browser suites..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq "${missing[@]}" >&2
