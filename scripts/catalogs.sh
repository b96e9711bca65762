#!/usr/bin/env bash
# The gettext catalogs of the pages, the engine's explanations and the requirement
# titles (every .po under sanitas/).
#   scripts/catalogs.sh          compile: each app's locale/*/LC_MESSAGES/django.mo
#                                (python -m sanitas.web.catalogs compile) and the engine's
#                                messages.mo (scripts/engine_catalogs.py compile); the
#                                .mo files are build output, not kept in the repository
#   scripts/catalogs.sh check    fail on any untranslated or fuzzy entry of any .po, on a
#                                compiled .mo that does not match its .po, on an engine
#                                message or a requirement title missing from its catalog
# A page's words are taken into its app's catalogs with manage.py makemessages (run in
# the app's folder: cd sanitas/web && django-admin makemessages -l es -l zh_Hant
# --add-location=file -i locale, with DJANGO_SETTINGS_MODULE=sanitas.settings).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${SANITAS_PYTHON:-.venv/bin/python}

case ${1:-compile} in
  compile)
    "$python" -m sanitas.web.catalogs compile >/dev/null
    "$python" scripts/engine_catalogs.py compile
    ;;
  check)
    status=0
    "$python" -m sanitas.web.catalogs check || status=1
    "$python" scripts/engine_catalogs.py check || status=1
    "$python" -c '
import sys
from sanitas.kit.requirement_titles import catalog_problems
found = catalog_problems()
print("\n".join(found) or "every requirement title is translated")
sys.exit(1 if found else 0)
' || status=1
    exit "$status"
    ;;
  *)
    echo "usage: scripts/catalogs.sh [compile|check]" >&2
    exit 2
    ;;
esac
