"""Storing under the records' write lock, and a large batch in parts.

A writer that must read the records and write them as one (an import that merges
its rows over the stored records) runs its work in :func:`under_write_lock`: one
transaction, the records' write lock taken first, and on SQLite a wait for another
writer as long as it takes.

A large batch is stored by :func:`record_in_parts`: validated whole first, then
stored in parts of about ``STORE_CHUNK`` facts, each part one call of
:func:`~sanitas.records.services.record_facts` in a transaction of its own under
the write lock, so that the lock (on SQLite, the whole database's) is never held
for more than a part and sign-ins and every other write go on meanwhile. Each part
evaluates the subject groups it touched again inside its own transaction, as every
write does: when the last part commits, the worklist is current. A fact's part
comes after the parts of the facts of the batch it names (facts naming each other
share a part); when no fact names another, the facts naming one stored subject
group are stored together, so that each group's facts document is written and
evaluated once. A batch stopped midway has stored whole parts: storing it again
stores the rest and leaves those as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import OperationalError, transaction
from django.utils.translation import gettext_noop

from sanitas.ordinance.facts import FactsError, describe
from sanitas.records.progress import Said, said
from sanitas.records.services import (
    BatchIndex,
    RecordError,
    RecordResult,
    lock_records,
    record_facts,
    validate_batch,
)

#: how many busy timeouts (30 s each on SQLite) a writer waits for another writer
LOCK_ATTEMPTS = 20
#: facts stored in one transaction by a batch stored in parts (about a second's work)
STORE_CHUNK = 1_000


def under_write_lock(
    work: Callable[[], Any],
    say: Callable[[Said], None] | None = None,
    *,
    keep: Callable[[], bool] = lambda: True,
) -> Any:
    """Run ``work`` in one transaction under the records' write lock, rolled back
    unless ``keep()`` says it stored something; wait for another writer as long as
    it takes (``say`` is told each wait). Returns what ``work`` returns."""
    for attempt in range(1, LOCK_ATTEMPTS + 1):
        started = False
        try:
            with transaction.atomic():
                started = True
                lock_records()
                done = work()
                if not keep():
                    transaction.set_rollback(True)
            return done
        except OperationalError as exc:
            # SQLite: another writer held the database for its whole busy timeout
            # before this one could begin; nothing was done, so wait again
            if started or "locked" not in str(exc) or attempt == LOCK_ATTEMPTS:
                raise
            if say is not None:
                say(said(gettext_noop("waiting for another writer (%(attempt)s)"), attempt=attempt))
    return None


@dataclass(frozen=True)
class Part:
    """A part of a batch as it is stored, told to :func:`record_in_parts`'s
    ``on_part`` inside the transaction that stores it (so that what the caller
    writes of it is stored with it, or not at all)."""

    number: int
    #: every part's positions in the batch, in the order they are stored
    plan: tuple[tuple[int, ...], ...]
    #: facts stored by the parts before this one
    facts_before: int
    #: what this part stored (its groups evaluated again already)
    result: RecordResult

    @property
    def of(self) -> int:
        return len(self.plan)

    @property
    def positions(self) -> tuple[int, ...]:
        return self.plan[self.number - 1]


class PartRefused(RecordError):
    """A part refused (the records changed after the batch was validated): the parts
    before it stay stored. ``problems`` name the facts by their position in the
    whole batch; ``stored`` is the number of facts stored before it."""

    def __init__(self, problems: list[str], *, number: int, of: int, stored: int) -> None:
        super().__init__(problems)
        self.number = number
        self.of = of
        self.stored = stored


def record_in_parts(
    raw_facts: list[dict[str, Any]],
    *,
    actor: Any,
    why: str = "",
    source: str = "",
    say: Callable[[Said], None] | None = None,
    on_part: Callable[[Part], None] | None = None,
    after_part: Callable[[Part], None] | None = None,
) -> RecordResult:
    """Validate ``raw_facts`` whole (:class:`~sanitas.ordinance.facts.FactsError`
    naming every problem, nothing stored), then store them in parts (see the module
    docstring), each part's groups evaluated again in its own transaction.
    ``on_part`` is told each part inside its transaction, ``after_part`` once it
    committed. A part refused raises :class:`PartRefused`. Returns the counts of
    the whole batch."""
    index = BatchIndex()
    validate_batch(raw_facts, index)  # the whole batch, before any part is stored
    plan = tuple(tuple(part) for part in plan_parts(raw_facts, index))
    total = RecordResult()
    stored = 0
    for number, positions in enumerate(plan, start=1):
        raws = [raw_facts[p] for p in positions]
        if say is not None:
            line = gettext_noop("storing facts %(first)s to %(last)s of %(total)s")
            say(said(line, first=stored + 1, last=stored + len(raws), total=len(raw_facts)))

        def store(raws=raws, number=number, before=stored) -> Part:
            done = record_facts(raw_facts=raws, actor=actor, why=why, source=source)
            part = Part(number=number, plan=plan, facts_before=before, result=done)
            if on_part is not None:
                on_part(part)
            return part

        try:
            part = under_write_lock(store, say)
        except (FactsError, RecordError) as exc:  # the records changed since validated
            lines = [_relabel(line, positions, raw_facts) for line in exc.problems]
            raise PartRefused(lines, number=number, of=len(plan), stored=stored) from None
        total.created += part.result.created
        total.updated += part.result.updated
        total.unchanged += part.result.unchanged
        total.keys.extend(part.result.keys)
        total.groups |= part.result.groups
        stored += len(raws)
        if after_part is not None:
            after_part(part)
    return total


def plan_parts(
    raw_facts: list[dict[str, Any]], index: BatchIndex, size: int | None = None
) -> list[list[int]]:
    """The positions of ``raw_facts`` in parts of about ``size`` (``STORE_CHUNK``)
    facts, in the order they are stored (see the module docstring); ``index`` holds
    the stored records the batch names (as :func:`validate_batch` read them)."""
    size = size or STORE_CHUNK
    edges = references_within(raw_facts)
    if any(edges):
        components = store_order(raw_facts, edges=edges)
    else:
        # no fact names another of the batch, so any order will do: the facts that
        # name records of one stored subject group are stored in one part, so that
        # the parts touch each group (its facts document, its changed mark) once
        groups = {n: _stored_group(raw, index) for n, raw in enumerate(raw_facts)}
        components = [[n] for n in sorted(groups, key=groups.__getitem__)]
    parts: list[list[int]] = [[]]
    for component in components:
        if parts[-1] and len(parts[-1]) + len(component) > size:
            parts.append([])
        parts[-1].extend(component)
    return parts if parts[-1] else []


def references_within(raws: list[dict[str, Any]]) -> list[list[int]]:
    """For each of ``raws``, the positions of the others it names by their id."""
    ids = {raw.get("id"): n for n, raw in enumerate(raws) if isinstance(raw.get("id"), str)}
    edges: list[list[int]] = []
    for n, raw in enumerate(raws):
        named: set[int] | None = None
        for value in raw.values():
            if isinstance(value, str):
                target = ids.get(value)
                if target is not None and target != n:
                    (named := named or set()).add(target)
            elif isinstance(value, list):
                for item in value:
                    target = ids.get(item) if isinstance(item, str) else None
                    if target is not None and target != n:
                        (named := named or set()).add(target)
        edges.append(sorted(named) if named else [])
    return edges


def store_order(
    raws: list[dict[str, Any]], *, edges: list[list[int]] | None = None
) -> list[list[int]]:
    """The positions of ``raws`` in groups to store in order: a fact's group comes
    after the groups of the facts of the batch it names, and facts that name each
    other (a cycle) share a group (Tarjan's strongly connected components, which
    come out in that order). ``edges`` are :func:`references_within` if known."""
    if edges is None:
        edges = references_within(raws)
    if not any(edges):
        return [[n] for n in range(len(raws))]  # no fact names another: each alone, in order
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(len(raws)):
        if root in index:
            continue
        work = [(root, 0)]  # iterative, so a long chain of references cannot overflow
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            if child < len(edges[node]):
                work.append((node, child + 1))
                target = edges[node][child]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return out


def _stored_group(raw: dict[str, Any], index: BatchIndex) -> str:
    """The subject group of the first stored record ``raw`` names (among those
    ``index`` read), else ""."""
    rows = index.rows
    for value in raw.values():
        if isinstance(value, str) and (row := rows.get(value)) is not None:
            return row.subject_group
    return ""


_FACT_LABEL = re.compile(r"^fact (\d+)\b")


def _relabel(line: str, positions: tuple[int, ...], raws: list[dict[str, Any]]) -> str:
    """A problem line of a part names its fact by the position in the part: name it
    by its position in the whole batch, as the other problems do."""
    match = _FACT_LABEL.match(line)
    if not match:
        return line
    local = int(match.group(1)) - 1
    if not 0 <= local < len(positions):
        return line
    position = positions[local]
    prefix = describe(local, raws[position]) + ": "
    if not line.startswith(prefix):
        return line
    return describe(position, raws[position]) + ": " + line[len(prefix) :]
