"""The states of a notice, an extension request and an appeal, and the transitions
between them, declared once as tables (the habit of cisagov's ``@transition(source=…,
target=…, conditions=…)``).

Each :class:`Transition` says which action exists, from which states, for which kinds of
document, to which state, under which permission of the access policy
(:mod:`sanitas.access.policy`, which says which roles hold it) and under which conditions.
The services (``services.py``) call :func:`check` before they write, so a transition the
table does not allow is refused with its reason whoever asks; the pages offer only what
:func:`offered` finds (the transition exists from the state, and the user's roles allow
it on this notice); ``docs/notice-states.md`` lists the tables and a test holds it to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from sanitas.access.policy import allows

#: a notice's states, in the order a notice passes through them
NOTICE_STATES = {
    "draft": "drafted, not yet served; its free text may change",
    "approved": "approved by a supervisor; any edit returns it to draft",
    "served": "served and frozen; its clock runs from the day of service",
    "complied": "complied with; its case is closed",
    "escalated": "followed by a served administrative citation",
    "rescinded": "withdrawn: a draft never served, or a served notice whose fact is voided",
    "superseded": "replaced by a served correction",
}
EXTENSION_STATES = {
    "requested": "a request to extend the deadline, recorded",
    "granted": "granted, with a new deadline",
    "denied": "denied; the deadline stands",
}
APPEAL_STATES = {
    "filed": "a request for a hearing, filed within the appeal window",
    "scheduled": "a hearing is set before a hearing officer",
    "decided": "the hearing officer issued the final written order",
}

#: what a page calls each state of a notice, in the reader's language (the records
#: keep the English key)
NOTICE_STATE_NAMES = {
    "draft": pgettext_lazy("notice state", "draft"),
    "approved": pgettext_lazy("notice state", "approved"),
    "served": pgettext_lazy("notice state", "served"),
    "complied": pgettext_lazy("notice state", "complied"),
    "escalated": pgettext_lazy("notice state", "escalated"),
    "rescinded": pgettext_lazy("notice state", "rescinded"),
    "superseded": pgettext_lazy("notice state", "superseded"),
}
EXTENSION_STATE_NAMES = {
    "requested": pgettext_lazy("extension request state", "requested"),
    "granted": pgettext_lazy("extension request state", "granted"),
    "denied": pgettext_lazy("extension request state", "denied"),
}
APPEAL_STATE_NAMES = {
    "filed": pgettext_lazy("appeal state", "filed"),
    "scheduled": pgettext_lazy("appeal state", "scheduled"),
    "decided": pgettext_lazy("appeal state", "decided"),
}
#: what a notice's timeline calls each recorded action (an event keeps the English
#: it was recorded with; it is named in the reader's language where it is shown)
EVENT_NAMES = {
    "drafted": pgettext_lazy("notice event", "drafted"),
    "edited": pgettext_lazy("notice event", "edited"),
    "approved": pgettext_lazy("notice event", "approved"),
    "served": pgettext_lazy("notice event", "served"),
    "escalated": pgettext_lazy("notice event", "escalated"),
    "complied": pgettext_lazy("notice event", "complied"),
    "rescinded": pgettext_lazy("notice event", "rescinded"),
    "superseded": pgettext_lazy("notice event", "superseded"),
    "corrects": pgettext_lazy("notice event", "corrects"),
    "payment": pgettext_lazy("notice event", "payment"),
    "extension requested": _("extension requested"),
    "extension granted": _("extension granted"),
    "extension denied": _("extension denied"),
    "appealed": pgettext_lazy("notice event", "appealed"),
    "hearing scheduled": _("hearing scheduled"),
    "hearing: upheld": _("hearing: upheld"),
    "hearing: modified": _("hearing: modified"),
    "hearing: dismissed": _("hearing: dismissed"),
}

#: a hearing's decisions (the final written order's), as a page names them
DECISION_NAMES = {
    "upheld": pgettext_lazy("hearing decision", "upheld"),
    "modified": pgettext_lazy("hearing decision", "modified"),
    "dismissed": pgettext_lazy("hearing decision", "dismissed"),
}


def state_name(state: str) -> str:
    """A notice's state in the reader's language (as recorded when none is known)."""
    return str(NOTICE_STATE_NAMES.get(state, state))


def extension_state_name(state: str) -> str:
    return str(EXTENSION_STATE_NAMES.get(state, state))


def appeal_state_name(state: str) -> str:
    return str(APPEAL_STATE_NAMES.get(state, state))


def decision_name(decision: str) -> str:
    return str(DECISION_NAMES.get(decision, decision))


def event_name(action: str) -> str:
    """A timeline's action in the reader's language (as recorded when none is known)."""
    return str(EVENT_NAMES.get(action, action))


#: the kinds a transition applies to when it names none
ANY_KIND: tuple[str, ...] = ()


@dataclass(frozen=True)
class Transition:
    action: str
    #: what a person calls it (the button's words)
    label: str
    #: the states of the notice it may start from
    sources: tuple[str, ...]
    #: the notice's state after it (None: the notice's own state does not change)
    target: str | None
    #: the access policy's permission it needs, about the notice
    permission: str
    #: the conditions the service checks besides, in words
    conditions: tuple[str, ...] = ()
    #: the kinds of document it applies to (empty: every kind)
    kinds: tuple[str, ...] = ANY_KIND
    #: False for what the system does as a consequence of another transition
    by_hand: bool = True

    def applies_to(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds


NOTICE_TRANSITIONS: dict[str, Transition] = {
    t.action: t
    for t in (
        Transition(
            "edit",
            "Save the draft",
            ("draft", "approved"),
            "draft",
            "notices.draft",
            (
                "an edit of an approved notice returns it to draft: an approval covers what was "
                "approved",
                "a citation's amount is not above the ladder's ceiling",
            ),
        ),
        Transition(
            "approve",
            "Approve",
            ("draft",),
            "approved",
            "notices.approve",
            (
                "the one who drafted it does not approve it",
                "its content composes with no refusal of the law and no unfilled blank in any "
                "language",
                "a citation is ripe as of the real day: its notice's deadline passed uncorrected",
            ),
        ),
        Transition(
            "serve",
            "Serve",
            ("draft", "approved"),
            "served",
            "notices.serve",
            (
                "approved first, where the rule pack requires approval of the kind",
                "served on a day that has come, not before the notice it follows",
                "its content composes with no refusal of the law and no unfilled blank in any "
                "language",
                "a citation is ripe on the day of service and the real day",
            ),
        ),
        Transition(
            "comply",
            "Record compliance",
            ("served",),
            "complied",
            "notices.comply",
            ("complied on a day that has come, not before service",),
        ),
        Transition(
            "rescind",
            "Rescind",
            ("draft", "approved", "served"),
            "rescinded",
            "notices.rescind",
            ("a reason is given; a served notice stays as served and its fact is voided",),
        ),
        Transition(
            "supersede",
            "Draft a correction",
            ("served",),
            None,
            "notices.draft",
            (
                "a reason is given; the correction is a new draft that supersedes this notice "
                "once served",
            ),
        ),
        Transition(
            "cite",
            "Draft the citation",
            ("served",),
            None,
            "notices.draft",
            (
                "as of the real day the notice's deadline passed uncorrected (the engine's "
                "ORG-CITATION is overdue)",
                "one open draft per notice: a second request answers with the first",
            ),
            kinds=("sb1383_nov",),
        ),
        Transition(
            "escalate",
            "Escalated",
            ("served",),
            "escalated",
            "notices.serve",
            ("a citation that follows it is served",),
            kinds=("sb1383_nov",),
            by_hand=False,
        ),
        Transition(
            "superseded",
            "Superseded",
            ("served",),
            "superseded",
            "notices.serve",
            ("a correction of it is served",),
            by_hand=False,
        ),
        Transition(
            "request_extension",
            "Record the request",
            ("served",),
            None,
            "extensions.request",
            ("the notice has a deadline", "a reason the ordinance allows"),
        ),
        Transition(
            "decide_extension",
            "Decide",
            ("served",),
            None,
            "extensions.decide",
            ("a request is open", "a grant sets a later deadline", "decided on or after service"),
        ),
        Transition(
            "payment",
            "Record payment",
            ("served", "escalated", "complied"),
            None,
            "payments.record",
            ("paid on or after service", "a receipt number not recorded before"),
            kinds=("citation",),
        ),
        Transition(
            "appeal",
            "Record the request for a hearing",
            ("served", "complied"),
            None,
            "appeals.file",
            ("filed within the appeal window", "one appeal per citation"),
            kinds=("citation",),
        ),
        Transition(
            "schedule_hearing",
            "Schedule the hearing",
            ("served", "complied"),
            None,
            "hearings.schedule",
            (
                "the appeal is filed and not yet scheduled",
                "before a hearing officer: an active account in that role",
            ),
            kinds=("citation",),
        ),
        Transition(
            "decide_hearing",
            "Issue the final written order",
            ("served", "complied"),
            None,
            "hearings.decide",
            (
                "only the hearing officer assigned decides",
                "dated on or after the hearing",
                "findings and reasons are stated",
                "signed with the officer's full name and title",
                "a modified penalty is not above the ladder's ceiling",
            ),
            kinds=("citation",),
        ),
    )
}

#: an extension request's and an appeal's own states: (from, to, the transition that moves it)
EXTENSION_FLOW = (
    ("requested", "granted", "decide_extension"),
    ("requested", "denied", "decide_extension"),
)
APPEAL_FLOW = (
    ("filed", "scheduled", "schedule_hearing"),
    ("scheduled", "decided", "decide_hearing"),
)


class TransitionRefused(Exception):
    """A transition the table does not allow from the notice's state or for its kind."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def _state_words(states: tuple[str, ...]) -> str:
    """``a draft notice, an approved notice or a served notice``, in the reader's
    language."""
    words = [
        gettext("a %(state)s notice") % {"state": state_name(s)}
        if s != "approved"
        else gettext("an approved notice")
        for s in states
    ]
    if len(words) == 1:
        return words[0]
    return gettext("%(some)s or %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}


def action_name(transition: Transition) -> str:
    """What a refusal calls ``transition``: its button's words (the pages' catalog
    holds each by-hand transition's label), in the reader's language, lower case."""
    return gettext(transition.label).lower()


def check(action: str, notice: Any) -> Transition:
    """The transition ``action`` for ``notice``; refused (:class:`TransitionRefused`) when
    the notice's state is not one it starts from, or its kind is not one it applies to."""
    transition = NOTICE_TRANSITIONS[action]
    if not transition.applies_to(notice.kind):
        raise TransitionRefused(
            [
                gettext("notice %(code)s: %(action)s does not apply to this kind of document")
                % {"code": notice.code, "action": action_name(transition)}
            ]
        )
    if notice.state not in transition.sources:
        raise TransitionRefused(
            [
                gettext("notice %(code)s: %(action)s is for %(states)s (it is %(state)s)")
                % {
                    "code": notice.code,
                    "action": action_name(transition),
                    "states": _state_words(transition.sources),
                    "state": state_name(notice.state),
                }
            ]
        )
    return transition


def offered(user: Any, notice: Any) -> dict[str, bool]:
    """Which actions the page offers ``user`` on ``notice``: the transition exists from
    its state for its kind, and the user's roles allow it on this notice."""
    return {
        action: (
            t.by_hand
            and t.applies_to(notice.kind)
            and notice.state in t.sources
            and allows(user, t.permission, notice)
        )
        for action, t in NOTICE_TRANSITIONS.items()
    }


def markdown() -> str:
    """The tables as ``docs/notice-states.md`` lists them (a test holds the file to it)."""
    from sanitas.access.policy import markdown_roles

    lines = ["## A notice's states", "", "| state | what it means |", "|---|---|"]
    lines += [f"| `{state}` | {words} |" for state, words in NOTICE_STATES.items()]
    lines += [
        "",
        "## Transitions",
        "",
        "| action | from | to | kinds | who (permission) | conditions |",
        "|---|---|---|---|---|---|",
    ]
    for t in NOTICE_TRANSITIONS.values():
        who = (
            f"{markdown_roles(t.permission)} (`{t.permission}`)"
            if t.by_hand
            else f"the system, when {t.conditions[0]}"
        )
        conditions = "; ".join(t.conditions) if t.by_hand else ""
        kinds = ", ".join(f"`{k}`" for k in t.kinds) or "every kind"
        target = f"`{t.target}`" if t.target else "(unchanged)"
        sources = ", ".join(f"`{s}`" for s in t.sources)
        lines.append(
            f"| {t.label} (`{t.action}`) | {sources} | {target} | {kinds} | {who} | {conditions} |"
        )
    for title, states, moves in (
        ("An extension request's states", EXTENSION_STATES, EXTENSION_FLOW),
        ("An appeal's states", APPEAL_STATES, APPEAL_FLOW),
    ):
        lines += ["", f"## {title}", "", "| state | what it means |", "|---|---|"]
        lines += [f"| `{state}` | {words} |" for state, words in states.items()]
        lines += [""] + [
            f"- `{source}` → `{target}`: {NOTICE_TRANSITIONS[action].label.lower()} "
            f"(`{NOTICE_TRANSITIONS[action].permission}`)"
            for source, target, action in moves
        ]
    return "\n".join(lines) + "\n"
