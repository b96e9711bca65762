#!/usr/bin/env bash
# The staff pages' front-end packages, from npm by package.json and its lock:
# installs them when the lock changed (or on first use), then copies what the pages
# serve — USWDS 3's compiled css, js, fonts and images — into
# sanitas/web/static/uswds/, where Django's static files find it. Nothing copied is
# committed (.gitignore); axe-core stays in node_modules/ for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null 2>&1; then
  echo "assets: npm is missing (Debian: apt-get install npm)" >&2
  exit 1
fi
stamp=node_modules/.sanitas-lock
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi

dist=node_modules/@uswds/uswds/dist
target=sanitas/web/static/uswds
version=$(node -p 'require("./node_modules/@uswds/uswds/package.json").version')
if [ "$(cat "$target/VERSION" 2>/dev/null)" != "$version" ]; then
  rm -rf "$target"
  mkdir -p "$target"
  cp -R "$dist/css" "$dist/js" "$dist/fonts" "$dist/img" "$target/"
  echo "$version" >"$target/VERSION"
fi
