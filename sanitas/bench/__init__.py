"""Speed tooling: the benchmark drivers, each behind one ``sanitas bench`` command.

=====================  ==========================================================
``engine``             ``sanitas bench engine --subjects N``: a synthetic city
                       (:class:`~sanitas.bench.engine.CityGenerator`) evaluated end
                       to end in a fresh process, each stage timed; ``python -m
                       sanitas.bench.engine --profile FILE [N]`` profiles a facts
                       file's evaluation.
``anchor``             ``sanitas bench anchor --establishments N``: FOG-MIN-FREQUENCY
                       by the engine and by a vectorised numpy reference, side by
                       side (numpy is the ``bench`` extra).
``write``              ``sanitas bench write --writes N``: single-record writes
                       through the record forms' service, the re-evaluation inside
                       each timed apart.
``records``            ``sanitas bench sweep``, ``sanitas bench distributed`` and
                       ``sanitas bench import --establishments N``: the records
                       system at a city's scale on a scratch database (SQLite, or
                       PostgreSQL with ``--database``); its scratch databases
                       (:func:`~sanitas.bench.records.make_database`) serve the
                       tests that need a database of their own.
``load``               ``sanitas bench load --establishments N --users N --seconds
                       S``: signed-in staff against the real server, p50/p95/p99.
``cli``                the ``bench`` subcommands of ``sanitas`` (parsing and exit
                       status); every driver is imported only when its command runs.
=====================  ==========================================================

The drivers import the product; nothing in the product imports them: only the
command line's top (:mod:`sanitas.cli`) reaches :mod:`sanitas.bench.cli` to add
the ``bench`` commands. No figure here is a target: the benchmarks measure.
"""
