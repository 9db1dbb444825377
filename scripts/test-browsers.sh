#!/usr/bin/env bash
# The browser suites of `npm test`, on the build in dist: the Playwright suites behind Debian's
# nginx (scripts/test-nginx.mjs), then the visual baselines (the state gallery's pictures,
# docs/states/, compared in Chromium: tests/visual/states.spec.ts), then the engine suite in Chromium,
# Firefox and WebKit and the paths generated from the machines in Firefox and WebKit
# (scripts/test-engines.mjs; Chromium runs them against the CDN below), then
# the paths whose checkout download the fault layer ends (done, 503s, offline, a new release) and
# those that deploy a release against the same build as a deployment (`BASE_URL`, the mode testers
# point at staging) in Firefox, then the build on Cloudflare's local Pages server (scripts/test-edge.ts:
# headers against nginx's, the Observatory, a CDN deploy, and every path that runs against a
# deployment, in Chromium), then shoppers' sessions drawn from the models in the three engines
# (scripts/test-sessions.mjs).
# One after another: the machine has 2 cores. Every suite runs even when one before it failed; each
# one's output goes to the terminal and to test-results/browsers-<suite>.log, and the last lines say
# which suites failed and name their failed tests, so the end of a CI log says what broke, and how
# long each suite took.
set -uo pipefail
cd "$(dirname "$0")/.."
# The one installer, once for every suite below; each suite then only checks. Nothing it cannot get
# (it names the packages): every suite needs the browsers and nginx, so none runs.
bash scripts/install-test-packages.sh all || { echo "browser suites: 0 passed, 1 failed"; exit 1; }
export PET_BALL_PACKAGES_CHECKED=1
mkdir -p test-results

# The build served by the project's nginx on a port of its own (scripts/serve.ts --nginx), and the
# paths whose checkout download the fault layer ends or that deploy a release run against it as
# BASE_URL: that mode is set up otherwise (the layer in front of a deployment, which serves the worker
# and presents the deployment's next release itself), so it runs as well as the local one. Chromium
# runs every such path against the CDN (test:edge); WebKit runs these paths against the local build.
deployed_paths() {
  local port server status
  port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
  node --import tsx scripts/serve.ts --nginx --port "$port" >test-results/deployed-server.log 2>&1 &
  server=$!
  local deadline=$((SECONDS + 60))
  until grep -q 'served at' test-results/deployed-server.log; do
    if ! kill -0 "$server" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "The deployment's nginx did not start (waited 60 s for its 'served at' line):" >&2
      cat test-results/deployed-server.log
      kill "$server" 2>/dev/null
      return 1
    fi
    sleep 0.2
  done
  BASE_URL="http://127.0.0.1:$port" ENGINES_RESULTS=test-results/engines-deployed \
    npm run --silent test:engines -- --no-build --suite paths --name-pattern 'loadCheckout|release\.' \
    --engine firefox
  status=$?
  kill "$server"
  wait "$server"
  return "$status"
}

# The sessions come after the paths, whose reach they add to their coverage table: a budget of 12
# sessions of up to 16 steps per engine, a new seed each run, printed first. Each engine seeks the
# transition pairs the engines before it leave, and the last runs more sessions until the three take
# the goal, 90% of the pairs the models can take (docs/testing.md).
names=(nginx visual engines deployed edge sessions)
commands=(
  "npm run --silent test:nginx -- --no-build"
  "npm run --silent test:visual -- --no-build"
  "npm run --silent test:engines -- --no-build --suite shop --suite paths --skip chromium:paths"
  "deployed_paths"
  "npm run --silent test:edge -- --no-build"
  "npm run --silent test:sessions -- --no-build --runs 12 --max-steps 16"
)
failed=()
seconds=()
for index in "${!names[@]}"; do
  log="test-results/browsers-${names[$index]}.log"
  started=$SECONDS
  ${commands[$index]} 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("$index")
  seconds+=($((SECONDS - started)))
done

echo
for index in "${!names[@]}"; do
  if [[ " ${failed[*]} " == *" $index "* ]]; then status=FAILED; else status=passed; fi
  echo "browser suite ${names[$index]}: $status in ${seconds[$index]} s (${commands[$index]})"
done
for index in "${failed[@]}"; do
  echo "── failed in ${names[$index]} (test-results/browsers-${names[$index]}.log):"
  grep -E '✘|^not ok|^\s+[0-9]+\) |✖ ' "test-results/browsers-${names[$index]}.log" | head -40
done
[ ${#failed[@]} -eq 0 ]
