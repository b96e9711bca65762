"""Running Sanitas for real: the production server, its secrets and security, and
backups of a data directory.

- :mod:`~sanitas.records.keys` (below the apps, as the records use it): the secret
  key and the demo passwords kept under the data directory (read by the settings
  before Django starts).
- :mod:`~sanitas.operations.server`: ``sanitas serve`` under gunicorn.
- :mod:`~sanitas.operations.middleware`: a request id on every request, its
  response and its log lines; :mod:`~sanitas.operations.faults` the page for a
  write the disk or the database refused.
- :mod:`~sanitas.operations.views`: the application's own error pages.
- :mod:`~sanitas.operations.backup`: ``sanitas backup`` and ``sanitas restore``.
"""
