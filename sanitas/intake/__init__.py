"""Ways facts arrive: feeds and imports (CSV, XLSX and facts files).

None of it is the records' model layer: every write here goes through
:mod:`sanitas.records.services`, as any other writer's does."""
