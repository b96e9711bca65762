"""Chapter 51, general sewer rules ('65 Code §§ 6-8.102 to 6-8.134, 6-8.103): the
SEW-* requirements.

Cesspools, what may be connected with a sewer and through what (storm water,
pools, cellar drains, safe wastes, exhausts, acids), wash-rack sand traps and
their daily inspections, grease traps by meals served, materials, repairs,
inspections of the work, manhole entry and the pipe layer's business licence.

A violation rests on a record that shows the forbidden state or act: a cesspool
is new only when its record dates it after the prohibition, and inadequate only
when an inspection found it so; a pipe layer's licence expired during the work is
violated only when a record of the pipe layer's own work (a start, a test, a covering)
is dated after the expiry: the city's inspection of work already done is not one.

One module per group of the chapter's sections, each module's docstring naming
them:

- ``vocabulary``: the fact types the sewer rules read;
- ``common``: what the sections share (cites, words, dates and records);
- ``connections``: § 6-8.102 cesspools, §§ 6-8.122–6-8.129 what may be connected;
- ``traps``: § 6-8.125 wash-rack sand traps, § 6-8.127 grease traps;
- ``works``: §§ 6-8.130–6-8.134 and § 6-8.103, materials, repairs, inspection of
  the work, manholes and pipe layers.
"""

from sanitas.ordinance.sewers import (  # noqa: F401  (each section registers its rules)
    common,
    connections,
    traps,
    vocabulary,
    works,
)

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("connections", "traps", "works")
