"""Chapter 51, house-connection permits and construction ('65 Code §§ 6-8.114 to
6-8.120, 6-8.133): the PRM-* requirements.

A permit's life (issued, active, void, finaled), the checks of a submitted
house-connection design run by run, the joints, the pressure tests, the approval
before covering, the charges and the certificate of final inspection.

A design's runs (``segments``) are split at the property line: the runs reached
from the ``street_sewer`` point without crossing the ``property_line`` point lie
between the street sewer and the property line (the "street side"); the others
lie between the property line and the building. Without a ``property_line`` point
every run reached from the street sewer is taken as street side.

A design is checked before the work is approved: a design that fails a check is a
reason not to approve it, and so is a test that has not passed (see
GEN-PENALTY-MISDEMEANOR's ``gen.referral_acts``). An event of a permit's work
(a start, a test, a joint check, an inspection, a covering, a certificate) dated
before the permit was issued contradicts the permit's record: it is reported as a
data problem and counts for nothing.

One module per group of the chapter's sections, each module's docstring naming
them:

- ``vocabulary``: the fact types the permit rules read;
- ``common``: what the sections share (cites, words, a permit's events and life,
  the runs of a design);
- ``design``: § 6-8.119(B)(1)-(4) and § 6-8.120, a connection design and method;
- ``testing``: § 6-8.119(B)(3), (B)(5)-(7), joints, tests and approval;
- ``administration``: §§ 6-8.119(A), 6-8.116, 6-8.114 and 6-8.133, the permit
  required, its lapse, its charges and the final certificate;
- ``routes``: §§ 6-8.117–6-8.118, the same lot and unaccepted streets;
- ``scheduling``: § 6-8.132, what the inspection of each stage of the work needs
  first.
"""

from sanitas.ordinance.permits import (  # noqa: F401  (each section registers its rules)
    administration,
    common,
    design,
    routes,
    scheduling,
    testing,
    vocabulary,
)
from sanitas.ordinance.permits.common import num, private_path, runs

#: the sections whose rules run, in the order they run (``rules.AREAS``)
SECTIONS = ("design", "testing", "administration", "routes")

#: the names read as ``permits.<name>``
__all__ = ["num", "private_path", "runs"]
