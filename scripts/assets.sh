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
# what is copied, besides the version: a change to the selection below copies again
selection="css js, images but the Material icon sources, the fonts the stylesheet names"
if [ "$(cat "$target/VERSION" 2>/dev/null)" != "$version" ] ||
  [ "$(cat "$target/.selection" 2>/dev/null)" != "$selection" ]; then
  rm -rf "$target"
  mkdir -p "$target"
  cp -R "$dist/css" "$dist/js" "$target/"
  # USWDS ships some 2,100 Material icons as the sources of custom sprites, which no
  # stylesheet or page here names; copied, they were three quarters of the files every
  # collectstatic compressed. tests/web/test_web.py checks that everything the
  # stylesheet and the templates name is here.
  (cd "$dist" && find img -path img/material-icons -prune -o \
    -path img/material-icons-deprecated -prune -o -type f -print) |
    while read -r file; do
      mkdir -p "$target/$(dirname "$file")"
      cp "$dist/$file" "$target/$file"
    done
  # of the fonts, the faces the stylesheet declares (woff2, in three families)
  grep -o 'fonts/[^)"'"'"']*' "$dist/css/uswds.min.css" | sort -u |
    while read -r file; do
      mkdir -p "$target/$(dirname "$file")"
      cp "$dist/$file" "$target/$file"
    done
  echo "$version" >"$target/VERSION"
  echo "$selection" >"$target/.selection"
fi

# the gettext catalogs, compiled (the pages', the engine's): scripts/catalogs.sh
./scripts/catalogs.sh
