"""The REST API: read endpoints for records and findings, ``POST /api/evaluate``
(:mod:`sanitas.api.api`) and the notices' endpoints (:mod:`sanitas.api.notices`).

The API sits at the roof beside the staff pages: it calls the apps' services and
selectors, and no app imports it (the floors: ``pyproject.toml``, import-linter)."""
