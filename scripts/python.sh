# Sourced by run.sh and test.sh: the Python to build .venv/ with, and a quiet
# install that runs only when the project's requirements changed.
#
# $PYTHON wins; else the first of python3.11, python3.12, python3.13, python3 that
# runs and is 3.11 to 3.13 (what Debian 12, Ubuntu 24.04 and Debian 13 ship).

supported_python() {
  "$1" -c 'import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] <= (3, 13)))' 2>/dev/null
}

pick_python() {
  if [ -n "${PYTHON:-}" ]; then
    echo "$PYTHON"
    return
  fi
  local candidate
  for candidate in python3.11 python3.12 python3.13 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && supported_python "$candidate"; then
      echo "$candidate"
      return
    fi
  done
  echo "no Python 3.11, 3.12 or 3.13 found: install one, or set PYTHON" >&2
  return 1
}

# A Python 3.13 for the second engine run, if the machine has one.
find_python313() {
  local candidate
  for candidate in python3.13 "$HOME"/.pyenv/versions/3.13*/bin/python3.13 /usr/bin/python3.13; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then
      echo "$candidate"
      return
    fi
  done
  return 1
}

# ensure_venv DIR EXTRAS: create DIR with the picked Python (or $2's), and install
# the project (editable) with EXTRAS when pyproject.toml changed since the last
# install; a restart with nothing changed installs nothing.
ensure_venv() {
  local dir=$1 extras=$2 python=${3:-}
  if [ ! -x "$dir/bin/python" ]; then
    python=${python:-$(pick_python)}
    "$python" -m venv "$dir"
  fi
  local stamp="$dir/.sanitas-installed" have="" want
  want="$(sha256sum pyproject.toml | cut -d' ' -f1) $("$dir/bin/python" -V 2>&1)"
  [ -f "$stamp" ] && have=$(cat "$stamp")
  # the same requirements, installed with these extras or with more
  if [ "$have" != "$want $extras" ] && { [ -n "$extras" ] || [ "${have% *}" != "$want" ]; }; then
    "$dir/bin/python" -m pip install --quiet --disable-pip-version-check -e ".$extras"
    echo "$want $extras" >"$stamp"
  fi
}
