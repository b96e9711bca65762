"""Reports: the SB 1383 annual report figures, the SB 1383 Implementation Record and
the FOG program report, each built as a background job (``sanitas.jobs``) for a
reporting period as of a day, from the records and what the engine makes of them.

The app has no model of its own: a build is a job of kind ``report``, and the
job's history is the reports' history. ``figures`` computes the contents from the
city as :func:`sanitas.reports.selectors.city` reads it (no database there, so the
figures are tested against counts made independently), ``writers`` writes the
files, ``services`` starts a build and runs it.
"""
