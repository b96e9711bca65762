"""Chapter 50, solid waste collection and recycling (general): storage, accumulation,
set-out, the franchise hauler, scavenging (SW-*, GEN-PENALTY-SCAVENGING).

One small function per requirement ID, its docstring quoting the words it
implements; every number, zone and reading comes from the rule pack (``sw.*``).
Times are naive city wall time.

A time limit on a state (how long solid waste may accumulate, when containers
must be back from the curb, how soon a fire hazard must be dealt with) is judged
broken only on a record that shows the state after the limit: an observation, a
follow-up observation, or a removal recorded after it. Where the last record came
before the limit, the finding is ``due`` at the limit (a follow-up observation is
due), never a violation. Records that contradict each other (seen before it
began, removed before it was set out) are data problems and start no clock.

One module per group of the chapter's sections, each module's docstring naming
them:

- ``vocabulary``: the fact types the sections' rules read;
- ``common``: what the sections share (places and services in words, times);
- ``accumulation``: time limits, accumulation that is a hazard, means of disposal;
- ``storage``: storage piles and composting;
- ``containers``: containers (A)-(C), set out and taken in, and where they stand;
- ``dumping``: dumping and burial;
- ``collection``: collection by others, the exclusive hauler, recyclables and
  greenwaste, and what the records system tracks.
"""

from sanitas.ordinance.solid_waste import (  # noqa: F401  (each section registers its rules)
    accumulation,
    collection,
    common,
    containers,
    dumping,
    storage,
    vocabulary,
)
from sanitas.ordinance.solid_waste.common import alternatives as _alternatives
from sanitas.ordinance.solid_waste.common import cite_parts as _cite
from sanitas.ordinance.solid_waste.common import place_words
from sanitas.ordinance.solid_waste.containers import set_out_location

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("accumulation", "storage", "containers", "dumping", "collection")

#: the names read as ``solid_waste.<name>`` (two under the names the area's tests use)
__all__ = ["_alternatives", "_cite", "place_words", "set_out_location"]
