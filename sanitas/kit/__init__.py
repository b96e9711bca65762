"""What every app shares, below the apps and above the records: no views and no URLs.

This is the low shared floor beside :mod:`sanitas.access` (see ``docs/architecture.md``
and the import-linter contracts in ``pyproject.toml``): every app may import it, and it
imports nothing above ``records``. It holds

- :mod:`sanitas.kit.selectors` — what the staff pages read about findings and subjects,
  only what the signed-in user may see (the worklist, a subject's page, programs, roles);
- :mod:`sanitas.kit.titles` — a record's title in people's words, and a requirement's
  and a program's one title, for every page, export, timeline and the API;
- :mod:`sanitas.kit.forms` — the form base (USWDS widgets) and the export formats;
- :mod:`sanitas.kit.numbers` — number fields that take the digits 0 to 9 alone;
- :mod:`sanitas.kit.export` — lists as CSV and XLSX, formulas neutralised;
- :mod:`sanitas.kit.dates` — dates as people write them.
"""
