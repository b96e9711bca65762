#!/usr/bin/env bash
# Set up (first run) and run every test: lint, the Django checks, the whole suite
# on SQLite with coverage, the suite's database tests again on a throwaway
# PostgreSQL, the engine's tests on Python 3.13, and the public scenarios through
# the command line.
#
# The three runs of pytest are independent (each has its own database and data
# directory) and each uses one core most of the time, so they run side by side:
# the SQLite run prints as it goes, the other two into files under $SANITAS_TEST_LOGS
# that are printed as each ends. Set SANITAS_TEST_SERIAL=1 to run them one after
# the other instead. Arguments are passed to every run of pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/python.sh
ensure_venv .venv "[test]"
./scripts/assets.sh

.venv/bin/ruff check .
.venv/bin/ruff format --check .
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python manage.py check --fail-level WARNING
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python manage.py makemigrations --check --dry-run

# The engine, its tests and every scenario on Python 3.13 as well, when the
# machine has it (CI's machines do: there it is required).
python313=""
if python313=$(find_python313); then
  ensure_venv .venv-3.13 "[test]" "$python313"
elif [ "${CI:-}" = true ]; then
  echo "no Python 3.13 on this machine: the engine's second run cannot be made" >&2
  exit 1
fi

logs=${SANITAS_TEST_LOGS:-$(mktemp -d /tmp/sanitas-test-logs.XXXXXX)}
mkdir -p "$logs"
shared=../shared/scenarios

# run_pass NAME COMMAND...: COMMAND with a data directory of its own and pytest's
# temporary files under $logs/NAME; its output in $logs/NAME.log and its exit
# status in $logs/NAME.status
run_pass() {
  local name=$1 status=0
  shift
  mkdir -p "$logs/$name"
  SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) "$@" >"$logs/$name.log" 2>&1 || status=$?
  echo "$status" >"$logs/$name.status"
}

postgres_pass() {
  # the engine's own tests (tests/test_*.py) touch no database: this run takes
  # every test that does
  ./scripts/with-postgres.sh .venv/bin/python -m pytest -p no:cacheprovider \
    --basetemp="$logs/postgres/tmp" \
    tests/records tests/notices tests/operations tests/web tests/casework tests/jobs tests/reports "$@"
}

python313_pass() {
  .venv-3.13/bin/python -m pytest -p no:cacheprovider --basetemp="$logs/python313/tmp" tests \
    --ignore=tests/records --ignore=tests/notices --ignore=tests/operations --ignore=tests/web \
    --ignore=tests/casework --ignore=tests/jobs --ignore=tests/reports "$@"
  .venv-3.13/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml
}

others=(postgres)
[ -n "$python313" ] && others+=(python313)
pids=()
if [ -z "${SANITAS_TEST_SERIAL:-}" ]; then
  for name in "${others[@]}"; do
    run_pass "$name" "${name}_pass" "$@" &
    pids+=($!)
  done
  echo "== running beside the SQLite suite: ${others[*]} (output in $logs)"
fi

echo "== the suite on SQLite"
sqlite_status=0
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python -m pytest -p no:cacheprovider \
  --basetemp="$logs/sqlite-tmp" \
  --cov=sanitas.ordinance --cov-report=term --cov-fail-under=90 "$@" || sqlite_status=$?

if [ -n "${SANITAS_TEST_SERIAL:-}" ]; then
  for name in "${others[@]}"; do
    run_pass "$name" "${name}_pass" "$@"
  done
elif [ "${#pids[@]}" -gt 0 ]; then
  wait "${pids[@]}"
fi

failed=()
[ "$sqlite_status" = 0 ] || failed+=("sqlite (exit $sqlite_status)")
for name in "${others[@]}"; do
  case $name in
    postgres) echo "== the suite's database tests on PostgreSQL" ;;
    python313) echo "== the engine and the scenarios on $("$python313" --version)" ;;
  esac
  cat "$logs/$name.log"
  status=$(cat "$logs/$name.status")
  [ "$status" = 0 ] || failed+=("$name (exit $status)")
done

echo "== the public scenarios and the project's own, through the command line"
.venv/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml || failed+=("sanitas check")

if [ -z "$python313" ]; then
  echo "== no Python 3.13 here: the engine's run on 3.13 is left to CI"
fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
