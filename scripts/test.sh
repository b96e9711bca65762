#!/usr/bin/env bash
# Set up (first run) and run every test: lint, the Django checks, the whole suite
# on SQLite with coverage, the whole suite again on a throwaway PostgreSQL, and
# the public scenarios through the command line.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/python.sh
ensure_venv .venv "[test]"
./scripts/assets.sh

export SANITAS_DATA_DIR=${SANITAS_DATA_DIR:-$(mktemp -d /tmp/sanitas-test.XXXXXX)}

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python manage.py check --fail-level WARNING
.venv/bin/python manage.py makemigrations --check --dry-run

echo "== the suite on SQLite"
.venv/bin/python -m pytest -p no:cacheprovider \
  --cov=sanitas.ordinance --cov-report=term --cov-fail-under=90 "$@"

# the engine's own tests (tests/test_*.py) touch no database: the second run takes
# every test that does
echo "== the suite's database tests on PostgreSQL"
./scripts/with-postgres.sh .venv/bin/python -m pytest -p no:cacheprovider \
  tests/records tests/notices tests/operations tests/web tests/casework tests/jobs tests/reports "$@"

shared=../shared/scenarios
.venv/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml

# The engine, its tests and every scenario on Python 3.13 as well, when the
# machine has it (CI's machines do: there it is required).
if python313=$(find_python313); then
  echo "== the engine and the scenarios on $("$python313" --version)"
  ensure_venv .venv-3.13 "[test]" "$python313"
  .venv-3.13/bin/python -m pytest -p no:cacheprovider tests --ignore=tests/records \
    --ignore=tests/notices --ignore=tests/operations --ignore=tests/web --ignore=tests/casework \
    --ignore=tests/jobs --ignore=tests/reports
  .venv-3.13/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml
elif [ "${CI:-}" = true ]; then
  echo "no Python 3.13 on this machine: the engine's second run cannot be made" >&2
  exit 1
else
  echo "== no Python 3.13 here: the engine's run on 3.13 is left to CI"
fi
