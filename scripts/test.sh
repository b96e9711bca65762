#!/usr/bin/env bash
# Set up (first run) and run every test: lint, the Django checks, the whole suite
# on SQLite with coverage, the whole suite again on a throwaway PostgreSQL, and
# the public scenarios through the command line.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3.11}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

export SANITAS_DATA_DIR=${SANITAS_DATA_DIR:-$(mktemp -d /tmp/sanitas-test.XXXXXX)}

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python manage.py check --fail-level WARNING
.venv/bin/python manage.py makemigrations --check --dry-run

echo "== the suite on SQLite"
.venv/bin/python -m pytest -p no:cacheprovider \
  --cov=sanitas.ordinance --cov-report=term --cov-fail-under=90 "$@"

echo "== the suite on PostgreSQL"
./scripts/with-postgres.sh .venv/bin/python -m pytest -p no:cacheprovider "$@"

shared=../shared/scenarios
.venv/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml
