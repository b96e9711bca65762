"""The service list's words in the reader's language.

The rule pack (``public.services``) holds each service's name, description and group
in English; they are translated in this app's catalog. The English is listed here so
that ``makemessages`` takes it into the catalog, and a test holds every name,
description and group of the pack to a Spanish and a Traditional Chinese translation:
a service added to the pack without them fails it."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

#: the English of the pack's service names, descriptions and groups
PACK_WORDS = (
    _("Contamination in a container"),
    _(
        "Trash or other material in a green organics or blue recycling container, "
        "or organics in the trash."
    ),
    _("Missing organics or recycling container"),
    _(
        "A business or home without the organics or recycling container its collection "
        "service should provide."
    ),
    _("Edible food thrown away"),
    _("A food business throwing away edible food it should recover for people to eat."),
    _("Hauler problem"),
    _(
        "A waste hauler that missed a collection, mixed separated containers into one "
        "truck or is not permitted."
    ),
    _("Grease discharge"),
    _("Fats, oils or grease poured or overflowing into a drain, a sewer or the street."),
    _("Sewer backup"),
    _("Sewage backing up or overflowing from a sewer, a manhole or a house connection."),
    _("Solid waste and organics"),
    _("Sewers and grease"),
    _("Code Enforcement"),
    _("Public Works Department"),
    _("Which container holds what does not belong in it"),
    _("Green organics container"),
    _("Blue recycling container"),
    _("Gray trash container"),
    _("Where the sewage is coming out"),
    _("Inside a building"),
    _("Outside, from a clean-out or in a yard"),
    _("In the street or from a manhole"),
)


def said(english: str) -> str:
    """The pack's English in the active language (as it is when not translated)."""
    return gettext(english) if english else ""
