#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; Playwright's own browser download cannot work here.
# Finds it, installs it when allowed (root under CI=true), or says how to get it.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

if [ "${CI:-}" = "true" ] && [ "$(id -u)" = "0" ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "Chromium not found at $chromium; installing it from Debian." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends chromium fonts-liberation
  # The headless shell is faster for tests; playwright.config.ts uses it when it is there.
  apt-get install -y --no-install-recommends chromium-headless-shell || true
  exit 0
fi

cat >&2 <<MSG
The end-to-end tests need Chromium, and none was found at $chromium.
Install Debian's package (as root):

  apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation

or point CHROMIUM_PATH at an existing Chromium binary.
MSG
exit 1
