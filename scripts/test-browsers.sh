#!/usr/bin/env bash
# The browser suites of `npm test`, on the build in dist: the Playwright suites behind Debian's nginx
# (scripts/test-nginx.mjs), then the engine suite and the paths generated from the machines in
# Chromium, Firefox and WebKit (scripts/test-engines.mjs). One after another: the machine has 2 cores.
# Every suite runs even when one before it failed; each one's output goes to the terminal and to
# test-results/browsers-<suite>.log, and the last lines say which suites failed and name their failed
# tests, so the end of a CI log says what broke.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-packages.sh || exit 1
mkdir -p test-results

names=(nginx engines)
commands=(
  "npm run --silent test:nginx -- --no-build"
  "npm run --silent test:engines -- --no-build --suite shop --suite paths"
)
failed=()
for index in "${!names[@]}"; do
  log="test-results/browsers-${names[$index]}.log"
  ${commands[$index]} 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("$index")
done

echo
for index in "${!names[@]}"; do
  if [[ " ${failed[*]} " == *" $index "* ]]; then status=FAILED; else status=passed; fi
  echo "browser suite ${names[$index]}: $status (${commands[$index]})"
done
for index in "${failed[@]}"; do
  echo "── failed in ${names[$index]} (test-results/browsers-${names[$index]}.log):"
  grep -E '✘|^not ok|^\s+[0-9]+\) |✖ ' "test-results/browsers-${names[$index]}.log" | head -40
done
[ ${#failed[@]} -eq 0 ]
