#!/usr/bin/env bash
# Set up (first run) and run the main job: the engine on the example city block.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3.11}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .

.venv/bin/sanitas evaluate examples/city-block.yaml --format table "$@"
