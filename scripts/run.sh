#!/usr/bin/env bash
# Set up (first run) and start the web application: create .venv/ and install,
# then `sanitas serve`, which migrates the database, loads the demo city on the
# first run (a synthetic San Gabriel, swept as of today, with sign-ins whose
# passwords are made for this installation), prints the address and the demo
# sign-ins, and serves under gunicorn (DEBUG off, static files by WhiteNoise),
# with the background jobs' worker and the nightly sweep's scheduler beside it
# (stopped with it: Ctrl-C stops all three).
# The database is SQLite under var/ unless SANITAS_DATA_DIR or DATABASE_URL says
# otherwise. Arguments go to `sanitas serve` (--port 8000, --host 127.0.0.1,
# --no-demo for a production data directory); docs/operating.md lists the
# environment it reads.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/python.sh
ensure_venv .venv ""
./scripts/assets.sh
.venv/bin/python scripts/engine_catalogs.py compile

export SANITAS_DATA_DIR=${SANITAS_DATA_DIR:-$PWD/var}
exec .venv/bin/sanitas serve "$@"
