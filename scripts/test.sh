#!/usr/bin/env bash
# Set up (first run) and run every test: lint, the whole suite with coverage,
# and the public scenarios through the command line.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3.11}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

.venv/bin/ruff check .
.venv/bin/ruff format --check .

.venv/bin/python -m pytest -p no:cacheprovider \
  --cov=sanitas.ordinance --cov-report=term --cov-fail-under=90 "$@"

shared=../shared/scenarios
.venv/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml
