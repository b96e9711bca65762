#!/usr/bin/env bash
# Set up (first run) and run every test: lint, the Django checks, the engine's
# tests with the engine's coverage, the suite's database tests on SQLite and again
# on a throwaway PostgreSQL, the engine's tests on Python 3.13, and the public
# scenarios through the command line.
#
# The runs of pytest are independent (each has its own database and data
# directory) and each uses one core most of the time, so they run side by side:
# the SQLite run prints as it goes, the others into files under $SANITAS_TEST_LOGS
# that are printed as each ends. Set SANITAS_TEST_SERIAL=1 to run them one after
# the other instead. Arguments are passed to every run of pytest.
#
# The database tests are every folder of tests/ that holds tests (tests/<app>/, one
# for each app); the engine's own are tests/test_*.py. Each database run spreads its
# tests over $SANITAS_TEST_WORKERS processes (pytest-xdist; 2 unless set, 0 for none),
# a module's tests together in one worker, so that its module-wide set-ups are made
# once, and the modules that read the demo city together in one, which loads it once
# for them all (a copy of the database each; the groups: tests/conftest.py). Every run prints its twenty slowest tests.
#
# Coverage is the engine's (sanitas.ordinance), measured on the engine's own tests
# (tests/test_*.py): they alone cover what the whole suite covers of it, within a
# few lines, and tracing the database tests as well made them some 60 % slower.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/python.sh
ensure_venv .venv "[test]"
./scripts/assets.sh
# The project's byte code, written once: the suite starts some hundreds of Python
# processes (servers, workers, the command line), and where the environment sets
# PYTHONDONTWRITEBYTECODE each of them would compile the project's sources again,
# some 0.3 s of CPU apiece. A source changed later is simply compiled again in memory.
.venv/bin/python -m compileall -q sanitas tests >/dev/null

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/lint-imports  # the floors: pyproject.toml's [tool.importlinter]
./scripts/catalogs.sh check  # every catalog translated, none fuzzy, each .mo its .po
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python manage.py check --fail-level WARNING
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python manage.py makemigrations --check --dry-run

# The engine, its tests and every scenario on Python 3.13 as well, when the
# machine has it (CI's machines do: there it is required).
python313=""
if python313=$(find_python313); then
  ensure_venv .venv-3.13 "[test]" "$python313"
  .venv-3.13/bin/python -m compileall -q sanitas tests >/dev/null
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

# the tests that use a database: every folder of tests/ that holds tests; the engine's
# own (tests/test_*.py) use none
database_tests=()
for folder in tests/*/; do
  folder=${folder%/}
  if [ -n "$(find "$folder" -name 'test_*.py' -print -quit)" ]; then
    database_tests+=("$folder")
  fi
done
if [ "${#database_tests[@]}" = 0 ]; then
  echo "scripts/test.sh: no folder of tests/ holds tests" >&2
  exit 2
fi
engine_tests=(tests "${database_tests[@]/#/--ignore=}")
# every run: its twenty slowest tests at its end; the database runs: over workers
slowest=(--durations=20)
workers=${SANITAS_TEST_WORKERS:-2}
parallel=()
if [ "$workers" != 0 ]; then
  parallel=(-n "$workers" --dist loadfile)
fi

engine_pass() {
  .venv/bin/python -m pytest -p no:cacheprovider --basetemp="$logs/engine/tmp" "${slowest[@]}" \
    --cov=sanitas.ordinance --cov-report=term --cov-fail-under=90 "${engine_tests[@]}" "$@"
}

postgres_pass() {
  ./scripts/with-postgres.sh .venv/bin/python -m pytest -p no:cacheprovider \
    --basetemp="$logs/postgres/tmp" "${slowest[@]}" "${parallel[@]}" "${database_tests[@]}" "$@"
}

python313_pass() {
  # both run, and either failing fails the pass (run_pass calls it in an || list,
  # where set -e does not stop at a failed command)
  local status=0
  .venv-3.13/bin/python -m pytest -p no:cacheprovider --basetemp="$logs/python313/tmp" \
    "${slowest[@]}" "${engine_tests[@]}" "$@" || status=$?
  .venv-3.13/bin/sanitas check "$shared"/*.yaml tests/scenarios/*.yaml || status=$?
  return "$status"
}

others=(engine postgres)
[ -n "$python313" ] && others+=(python313)
pids=()
if [ -z "${SANITAS_TEST_SERIAL:-}" ]; then
  for name in "${others[@]}"; do
    run_pass "$name" "${name}_pass" "$@" &
    pids+=($!)
  done
  echo "== running beside the SQLite suite: ${others[*]} (output in $logs)"
fi

echo "== the suite's database tests on SQLite"
sqlite_status=0
SANITAS_DATA_DIR=$(mktemp -d /tmp/sanitas-test.XXXXXX) .venv/bin/python -m pytest -p no:cacheprovider \
  --basetemp="$logs/sqlite-tmp" "${slowest[@]}" "${parallel[@]}" "${database_tests[@]}" "$@" ||
  sqlite_status=$?

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
    engine) echo "== the engine's tests, with its coverage" ;;
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
