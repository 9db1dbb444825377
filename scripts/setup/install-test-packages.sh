#!/usr/bin/env bash
# The one installer of the Debian packages the browser suites, the bench and `npm start --nginx` need.
# Every runner calls it once, before it starts anything, with what it needs:
#   chromium   Debian's chromium, the browser (or $CHROME_PATH)
#   headless-shell
#              Debian's chromium-headless-shell, which the headless Chromium suites run in (or
#              $CHROME_HEADLESS_SHELL_PATH)
#   firefox    firefox-esr (or $FIREFOX_PATH)
#   webkit     webkit2gtk-driver (WebKitWebDriver + MiniBrowser), xvfb and xauth for its X server
#   fonts      fonts-dejavu-core, the one font the visual baselines render with (tests/support/visual/fonts.conf)
#   nginx      nginx and its brotli_static module, libnginx-mod-http-brotli-static (or $NGINX_PATH)
#   all        every one of the above (npm test's browser suites)
# Root with apt-get (as on CI): installs what is missing in one apt-get run, never a browser build of
# its own. Runs started side by side take turns on one lock (flock), and each looks again once it holds
# it, so apt-get never runs twice at once and nothing is installed twice. One attempt per run: a runner
# exports PET_BALL_PACKAGES_CHECKED=1 to what it starts, and below that nothing calls apt-get again.
# Exit code: 0 when everything asked for is there; 1, with a line naming each missing package and the
# command that installs it, when something is still missing (not root, no apt-get, or apt-get failed).
set -euo pipefail

needs=("$@")
[ ${#needs[@]} -gt 0 ] || needs=(all)
want() { [[ " ${needs[*]} " == *" $1 "* || " ${needs[*]} " == *" all "* ]]; }
for need in "${needs[@]}"; do
  case "$need" in chromium | headless-shell | firefox | webkit | fonts | nginx | all) ;; *)
    echo "install-test-packages.sh: unknown need '$need' (chromium, headless-shell, firefox, webkit, fonts, nginx, all)" >&2
    exit 2
    ;;
  esac
done

# Where the nginx in use keeps its modules (Debian: /usr/lib/nginx/modules).
brotli_module() {
  local nginx modules
  nginx=${NGINX_PATH:-$(command -v nginx || echo /usr/sbin/nginx)}
  modules=$("$nginx" -V 2>&1 | sed -n 's/.*--modules-path=\([^ ]*\).*/\1/p')
  echo "${modules:-/usr/lib/nginx/modules}/ngx_http_brotli_static_module.so"
}

# The Debian packages still missing for what is asked, one per line.
missing_packages() {
  if want chromium; then [ -n "${CHROME_PATH:-}" ] || [ -x /usr/bin/chromium ] || echo chromium; fi
  if want headless-shell; then
    [ -n "${CHROME_HEADLESS_SHELL_PATH:-}" ] || [ -x /usr/lib/chromium/chromium-headless-shell ] ||
      echo chromium-headless-shell
  fi
  if want firefox; then [ -n "${FIREFOX_PATH:-}" ] || [ -x /usr/bin/firefox-esr ] || echo firefox-esr; fi
  if want webkit; then
    { [ -n "${WEBKIT_WEBDRIVER_PATH:-}" ] || command -v WebKitWebDriver >/dev/null; } &&
      [ -x "${MINIBROWSER_PATH:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser}" ] ||
      echo webkit2gtk-driver
    command -v xvfb-run >/dev/null || echo xvfb
    command -v xauth >/dev/null || echo xauth
  fi
  if want fonts; then [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || echo fonts-dejavu-core; fi
  if want nginx && [ -z "${NGINX_PATH:-}" ]; then
    if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then
      [ -f "$(brotli_module)" ] || echo libnginx-mod-http-brotli-static
    else
      echo nginx
      echo libnginx-mod-http-brotli-static
    fi
  fi
  return 0
}

mapfile -t missing < <(missing_packages)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ -n "${PET_BALL_PACKAGES_CHECKED:-}" ]; then
  echo "Missing for the tests: Debian's ${missing[*]}, after this run's one install attempt." >&2
  echo "  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null || ! command -v flock >/dev/null; then
  echo "Missing for the tests: Debian's ${missing[*]} (not root with apt-get: nothing installed). Install them with:" >&2
  echo "  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

exec 9>"${PET_BALL_INSTALL_LOCK:-/var/lock/pet-ball-test-packages.lock}"
if ! flock -n 9; then
  echo "Waiting for another run's install of the test packages..." >&2
  flock 9
fi
mapfile -t missing < <(missing_packages)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian's ${missing[*]} for the tests (one apt-get run)..." >&2
export DEBIAN_FRONTEND=noninteractive
# Waits for dpkg's own lock, should anything else on the machine hold it, rather than failing.
apt_options=(-o DPkg::Lock::Timeout=600 -qq)
if ! apt-get "${apt_options[@]}" update >&2 ||
  ! apt-get "${apt_options[@]}" install -y "${missing[@]}" >&2; then
  mapfile -t missing < <(missing_packages)
  echo "apt-get could not install Debian's ${missing[*]}; the tests that need them cannot run. Install them with:" >&2
  echo "  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
mapfile -t missing < <(missing_packages)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Still missing after apt-get: Debian's ${missing[*]}." >&2
  exit 1
fi
